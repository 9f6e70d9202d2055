/* daxpy in place: y[i] += a * x[i] in double. */
void daxpy_f64(int n, double a, const double *restrict x, double *restrict y) {
    for (int i = 0; i < n; i++)
        y[i] += a * x[i];
}
