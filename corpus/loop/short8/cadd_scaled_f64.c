/* Interleaved complex doubles: z = a + s * b with a real scale s. */
// stride: 2
void cadd_scaled_f64(int n, double *restrict z, const double *restrict a, const double *restrict b, double s) {
    for (int i = 0; i < n; i++) {
        z[2 * i] = a[2 * i] + s * b[2 * i];
        z[2 * i + 1] = a[2 * i + 1] + s * b[2 * i + 1];
    }
}
