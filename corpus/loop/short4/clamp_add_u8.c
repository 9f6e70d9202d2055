/* Saturating add of two byte images (widen, add, clamp to 255). */
void clamp_add_u8(int n, unsigned char *restrict d, const unsigned char *restrict a, const unsigned char *restrict b) {
    for (int i = 0; i < n; i++) {
        int s = a[i] + b[i];
        d[i] = (unsigned char)(s > 255 ? 255 : s);
    }
}
