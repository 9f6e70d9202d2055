/* b[i] = a[i] - a[i-1] as written (seed 003): clang-22 -O3 loads both elements in every
   iteration (no load PRE here), so it is a map over two shifted reads of a. */
void diff_i32(int n, int *restrict b, const int *restrict a) {
    for (int i = 1; i < n; i++)
        b[i] = a[i] - a[i - 1];
}
