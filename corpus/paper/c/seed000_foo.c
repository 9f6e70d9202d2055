/* Bottom-up SLP (seed 000): a[i] = (b[i] + c[i]) * (d[i] - e[i]), isomorphic lanes. */
void seed000_foo(int *restrict a, const int *restrict b, const int *restrict c, const int *restrict d,
                 const int *restrict e, int n) {
    for (int i = 0; i < n; i++) {
        a[4 * i + 0] = (b[4 * i + 0] + c[4 * i + 0]) * (d[4 * i + 0] - e[4 * i + 0]);
        a[4 * i + 1] = (b[4 * i + 1] + c[4 * i + 1]) * (d[4 * i + 1] - e[4 * i + 1]);
        a[4 * i + 2] = (b[4 * i + 2] + c[4 * i + 2]) * (d[4 * i + 2] - e[4 * i + 2]);
        a[4 * i + 3] = (b[4 * i + 3] + c[4 * i + 3]) * (d[4 * i + 3] - e[4 * i + 3]);
    }
}
