/* Source-over blend of an RGBA image onto another by the source alpha, opaque result (two load groups, a store group). */
// stride: 4
void rgba_over_u8(int n, unsigned char *restrict out, const unsigned char *restrict src, const unsigned char *restrict dst) {
    for (int i = 0; i < n; i++) {
        unsigned a = src[4 * i + 3], b = 255 - a;
        out[4 * i] = (unsigned char)((src[4 * i] * a + dst[4 * i] * b) >> 8);
        out[4 * i + 1] = (unsigned char)((src[4 * i + 1] * a + dst[4 * i + 1] * b) >> 8);
        out[4 * i + 2] = (unsigned char)((src[4 * i + 2] * a + dst[4 * i + 2] * b) >> 8);
        out[4 * i + 3] = 255;
    }
}
