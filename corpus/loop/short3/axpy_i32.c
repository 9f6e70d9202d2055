/* y = a*x + y on 32-bit integers, in place (a map updated in place). */
void axpy_i32(int n, int *restrict y, const int *restrict x, int a) {
    for (int i = 0; i < n; i++)
        y[i] += a * x[i];
}
