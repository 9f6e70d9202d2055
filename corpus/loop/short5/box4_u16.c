/* A 4-tap box filter on 16-bit samples, rounded: (a[i] + .. + a[i+3] + 2) >> 2. */
void box4_u16(int n, unsigned short *restrict b, const unsigned short *restrict a) {
    for (int i = 0; i < n; i++)
        b[i] = (unsigned short)((a[i] + a[i + 1] + a[i + 2] + a[i + 3] + 2) >> 2);
}
