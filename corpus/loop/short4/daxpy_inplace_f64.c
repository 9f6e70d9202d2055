/* y = a*x + y on doubles, in place. */
void daxpy_inplace_f64(int n, double *restrict y, const double *restrict x, double a) {
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}
