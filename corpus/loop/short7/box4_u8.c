/* A rounded 4-tap box filter on bytes. */
void box4_u8(int n, unsigned char *restrict b, const unsigned char *restrict a) {
    for (int i = 0; i < n; i++)
        b[i] = (unsigned char)((a[i] + a[i + 1] + a[i + 2] + a[i + 3] + 2) >> 2);
}
