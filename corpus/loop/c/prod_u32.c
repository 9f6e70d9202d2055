/* Integer mul reduction (unsigned: wraps, no UB). */
void prod_u32(int n, const unsigned *restrict a, unsigned *restrict out) {
    unsigned p = out[0];
    for (int i = 0; i < n; i++)
        p *= a[i];
    out[0] = p;
}
