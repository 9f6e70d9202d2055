/* The absolute difference of two byte rows. */
void absdiff_u8(int n, unsigned char *restrict d, const unsigned char *restrict a, const unsigned char *restrict b) {
    for (int i = 0; i < n; i++)
        d[i] = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
}
