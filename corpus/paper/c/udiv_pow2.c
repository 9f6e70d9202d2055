/* Unsigned division and remainder by powers of two next to shifts and masks (Table 2:
 * udiv by 2^k <-> lshr, urem by 2^k <-> and). */
void udiv_pow2(unsigned *restrict q, const unsigned *restrict x, int n) {
    for (int i = 0; i < n; i++) {
        q[4 * i + 0] = x[4 * i + 0] / 2u;
        q[4 * i + 1] = x[4 * i + 1] >> 3;
        q[4 * i + 2] = x[4 * i + 2] / 4u;
        q[4 * i + 3] = x[4 * i + 3];
    }
}
