/* An integer map over three arrays: d[i] = 3 * a[i] + b[i]. */
void scale_add_i32(int n, int *restrict d, const int *restrict a, const int *restrict b) {
    for (int i = 0; i < n; i++)
        d[i] = 3 * a[i] + b[i];
}
