/* Central difference on doubles: d[i] = (a[i+2] - a[i]) * h. */
void cdiff_f64(int n, double *restrict d, const double *restrict a, double h) {
    for (int i = 0; i < n; i++)
        d[i] = (a[i + 2] - a[i]) * h;
}
