/* A rounded 1-2-1 blur on bytes. */
void blur3_u8(int n, unsigned char *restrict b, const unsigned char *restrict a) {
    for (int i = 0; i < n; i++)
        b[i] = (unsigned char)((a[i] + 2 * a[i + 1] + a[i + 2] + 2) >> 2);
}
