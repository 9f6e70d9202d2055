/* RGBA premultiplied by alpha: each color times alpha / 256, alpha kept (full stride-4 load and store groups). */
// stride: 4
void rgba_premul_u8(int n, unsigned char *restrict out, const unsigned char *restrict in) {
    for (int i = 0; i < n; i++) {
        unsigned a = in[4 * i + 3];
        out[4 * i] = (unsigned char)((in[4 * i] * a + 128) >> 8);
        out[4 * i + 1] = (unsigned char)((in[4 * i + 1] * a + 128) >> 8);
        out[4 * i + 2] = (unsigned char)((in[4 * i + 2] * a + 128) >> 8);
        out[4 * i + 3] = (unsigned char)a;
    }
}
