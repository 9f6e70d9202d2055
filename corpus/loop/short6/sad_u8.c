/* Sum of absolute differences of two byte blocks (a reduction). */
int sad_u8(int n, const unsigned char *restrict a, const unsigned char *restrict b) {
    int s = 0;
    for (int i = 0; i < n; i++) {
        int d = a[i] - b[i];
        s += d < 0 ? -d : d;
    }
    return s;
}
