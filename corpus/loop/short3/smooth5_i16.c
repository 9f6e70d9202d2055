/* A 5-tap binomial smoothing of 16-bit samples (1 4 6 4 1)/16 (a stencil, no groups). */
void smooth5_i16(int n, short *restrict out, const short *restrict x) {
    for (int i = 0; i < n; i++)
        out[i] = (short)((x[i] + 4 * x[i + 1] + 6 * x[i + 2] + 4 * x[i + 3] + x[i + 4]) >> 4);
}
