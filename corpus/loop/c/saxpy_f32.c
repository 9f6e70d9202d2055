/* A map: y[i] = alpha * x[i] + y[i]. */
void saxpy_f32(int n, float alpha, const float *restrict x, float *restrict y) {
    for (int i = 0; i < n; i++)
        y[i] = alpha * x[i] + y[i];
}
