/* SN-SLP's subtraction rearrangement: a = b - c - d next to a = b - d - c (the same value,
 * the subtrahends in another order); (b - d) - c becomes (b - c) - d. */
void sub_rearrange(int *restrict a, const int *restrict b, const int *restrict c, const int *restrict d, int n) {
    for (int i = 0; i < n; i++) {
        a[4 * i + 0] = b[4 * i + 0] - c[4 * i + 0] - d[4 * i + 0];
        a[4 * i + 1] = b[4 * i + 1] - d[4 * i + 1] - c[4 * i + 1];
        a[4 * i + 2] = b[4 * i + 2] - c[4 * i + 2] - d[4 * i + 2];
        a[4 * i + 3] = b[4 * i + 3] - d[4 * i + 3] - c[4 * i + 3];
    }
}
