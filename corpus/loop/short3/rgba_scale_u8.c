/* RGBA pixels scaled by a factor in 1/256ths, alpha included (full stride-4 groups, i32 arithmetic). */
// stride: 4
void rgba_scale_u8(int n, unsigned char *restrict out, const unsigned char *restrict in, int k) {
    for (int i = 0; i < n; i++) {
        out[4 * i] = (unsigned char)((in[4 * i] * k) >> 8);
        out[4 * i + 1] = (unsigned char)((in[4 * i + 1] * k) >> 8);
        out[4 * i + 2] = (unsigned char)((in[4 * i + 2] * k) >> 8);
        out[4 * i + 3] = (unsigned char)((in[4 * i + 3] * k) >> 8);
    }
}
