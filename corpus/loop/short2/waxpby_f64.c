/* w = a*x + b*y in double, into a third array. */
void waxpby_f64(int n, double a, double b, double *restrict w, const double *restrict x, const double *restrict y) {
    for (int i = 0; i < n; i++)
        w[i] = a * x[i] + b * y[i];
}
