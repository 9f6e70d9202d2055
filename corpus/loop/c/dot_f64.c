// cflags: -ffast-math
/* A dot product over doubles (fadd fast reduction of fmul). */
void dot_f64(int n, const double *restrict x, const double *restrict y, double *restrict out) {
    double s = out[0];
    for (int i = 0; i < n; i++)
        s += x[i] * y[i];
    out[0] = s;
}
