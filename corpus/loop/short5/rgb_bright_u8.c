/* Brighten RGB pixels by k, saturating at 255 (stride-3 load and store groups into another image). */
// stride: 3
void rgb_bright_u8(int n, unsigned char *restrict out, const unsigned char *restrict in, int k) {
    for (int i = 0; i < n; i++) {
        int r = in[3 * i] + k, g = in[3 * i + 1] + k, b = in[3 * i + 2] + k;
        out[3 * i] = (unsigned char)(r > 255 ? 255 : r);
        out[3 * i + 1] = (unsigned char)(g > 255 ? 255 : g);
        out[3 * i + 2] = (unsigned char)(b > 255 ? 255 : b);
    }
}
