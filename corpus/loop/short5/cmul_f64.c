/* Complex multiply of interleaved doubles into a third array (load groups of 2, a store group of 2). */
// stride: 2
void cmul_f64(int n, double *restrict c, const double *restrict a, const double *restrict b) {
    for (int i = 0; i < n; i++) {
        double ar = a[2 * i], ai = a[2 * i + 1], br = b[2 * i], bi = b[2 * i + 1];
        c[2 * i] = ar * br - ai * bi;
        c[2 * i + 1] = ar * bi + ai * br;
    }
}
