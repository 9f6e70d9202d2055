/* Squared magnitude of complex doubles (a stride-2 load group, a contiguous store). */
// stride: 2
void cmag2_f64(int n, double *restrict m, const double *restrict z) {
    for (int i = 0; i < n; i++)
        m[i] = z[2 * i] * z[2 * i] + z[2 * i + 1] * z[2 * i + 1];
}
