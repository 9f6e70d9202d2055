/* A 5-point stencil on floats (binomial weights). */
void stencil5_f32(int n, float *restrict b, const float *restrict a) {
    for (int i = 0; i < n; i++)
        b[i] = 0.0625f * a[i] + 0.25f * a[i + 1] + 0.375f * a[i + 2] + 0.25f * a[i + 3] + 0.0625f * a[i + 4];
}
