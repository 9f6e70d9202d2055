/* Saturating addition of two 16-bit signed signals. */
void add_sat_i16(int n, short *restrict c, const short *restrict a, const short *restrict b) {
    for (int i = 0; i < n; i++) {
        int s = a[i] + b[i];
        c[i] = (short)(s > 32767 ? 32767 : s < -32768 ? -32768 : s);
    }
}
