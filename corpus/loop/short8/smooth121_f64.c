/* A 1-2-1 smoothing stencil on doubles. */
void smooth121_f64(int n, double *restrict b, const double *restrict a) {
    for (int i = 0; i < n; i++)
        b[i] = (a[i] + 2.0 * a[i + 1] + a[i + 2]) * 0.25;
}
