/* Saturating subtraction of two byte rows (clamped at zero). */
void sub_sat_u8(int n, unsigned char *restrict c, const unsigned char *restrict a, const unsigned char *restrict b) {
    for (int i = 0; i < n; i++)
        c[i] = a[i] > b[i] ? a[i] - b[i] : 0;
}
