/* The channel sum of RGBX bytes into 16 bits (a stride-4 byte group with a gap, reduced to one value per pixel). */
// stride: 4
void rgbx_sum_u16(int n, unsigned short *restrict s, const unsigned char *restrict px) {
    for (int i = 0; i < n; i++)
        s[i] = (unsigned short)(px[4 * i] + px[4 * i + 1] + px[4 * i + 2]);
}
