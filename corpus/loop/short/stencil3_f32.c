/* A 3-point stencil on floats: b[i] = 0.25 a[i] + 0.5 a[i+1] + 0.25 a[i+2]. */
void stencil3_f32(int n, float *restrict b, const float *restrict a) {
    for (int i = 0; i < n; i++)
        b[i] = 0.25f * a[i] + 0.5f * a[i + 1] + 0.25f * a[i + 2];
}
