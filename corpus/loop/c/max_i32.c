/* Signed max reduction (llvm.smax). */
void max_i32(int n, const int *restrict a, int *restrict out) {
    int m = out[0];
    for (int i = 0; i < n; i++)
        m = a[i] > m ? a[i] : m;
    out[0] = m;
}
