/* Commuted operands (LSLP) and a subtraction order (SN-SLP): the same statement written
 * with its operands in different orders. */
void commuted(int *restrict c, const int *restrict a, const int *restrict b, const int *restrict d, int n) {
    for (int i = 0; i < n; i++) {
        c[4 * i + 0] = a[4 * i + 0] * b[4 * i + 0] - d[4 * i + 0];
        c[4 * i + 1] = b[4 * i + 1] * a[4 * i + 1] - d[4 * i + 1];
        c[4 * i + 2] = a[4 * i + 2] * b[4 * i + 2] - d[4 * i + 2];
        c[4 * i + 3] = b[4 * i + 3] * a[4 * i + 3] - d[4 * i + 3];
    }
}
