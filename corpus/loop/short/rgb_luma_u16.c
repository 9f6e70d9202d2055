/* RGB pixels to 16-bit luma (a full stride-3 load group, a contiguous store). */
// stride: 3
void rgb_luma_u16(int n, unsigned short *restrict y, const unsigned char *restrict rgb) {
    for (int i = 0; i < n; i++)
        y[i] = (unsigned short)(66 * rgb[3 * i] + 129 * rgb[3 * i + 1] + 25 * rgb[3 * i + 2] + 4096);
}
