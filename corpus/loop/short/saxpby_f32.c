/* saxpby into a third array: z[i] = a * x[i] + 0.5 * y[i]. */
void saxpby_f32(int n, float a, float *restrict z, const float *restrict x, const float *restrict y) {
    for (int i = 0; i < n; i++)
        z[i] = a * x[i] + 0.5f * y[i];
}
