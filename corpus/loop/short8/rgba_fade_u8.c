/* RGBA bytes faded by k/256 into another image, alpha copied. */
// stride: 4
void rgba_fade_u8(int n, unsigned char *restrict out, const unsigned char *restrict in, unsigned char k) {
    for (int i = 0; i < n; i++) {
        out[4 * i] = (unsigned char)((in[4 * i] * k) >> 8);
        out[4 * i + 1] = (unsigned char)((in[4 * i + 1] * k) >> 8);
        out[4 * i + 2] = (unsigned char)((in[4 * i + 2] * k) >> 8);
        out[4 * i + 3] = in[4 * i + 3];
    }
}
