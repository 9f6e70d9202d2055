/* RGBX pixels packed to RGB565 (a stride-4 load group with a gap at its end). */
// stride: 4
void rgb565_u8(int n, unsigned short *restrict out, const unsigned char *restrict rgbx) {
    for (int i = 0; i < n; i++)
        out[i] = (unsigned short)(((rgbx[4 * i] >> 3) << 11) | ((rgbx[4 * i + 1] >> 2) << 5) | (rgbx[4 * i + 2] >> 3));
}
