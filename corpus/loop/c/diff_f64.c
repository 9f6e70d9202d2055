/* A carried scalar over doubles: b[i] = a[i] - a[i-1] with a[i-1] kept from the last
   iteration (a first-order recurrence). */
void diff_f64(int n, double *restrict b, const double *restrict a) {
    double prev = a[0];
    for (int i = 1; i < n; i++) {
        double cur = a[i];
        b[i] = cur - prev;
        prev = cur;
    }
}
