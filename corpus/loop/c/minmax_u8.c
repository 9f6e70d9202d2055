/* Unsigned min and max of bytes (llvm.umin, llvm.umax). */
void minmax_u8(int n, const unsigned char *restrict a, unsigned char *restrict out) {
    unsigned char lo = out[0], hi = out[1];
    for (int i = 0; i < n; i++) {
        lo = a[i] < lo ? a[i] : lo;
        hi = a[i] > hi ? a[i] : hi;
    }
    out[0] = lo;
    out[1] = hi;
}
