/* Bitwise reductions: xor, and, or in one loop. */
void xor_and_or_u64(int n, const unsigned long *restrict a, unsigned long *restrict out) {
    unsigned long x = out[0], y = out[1], z = out[2];
    for (int i = 0; i < n; i++) {
        x ^= a[i];
        y &= a[i];
        z |= a[i];
    }
    out[0] = x;
    out[1] = y;
    out[2] = z;
}
