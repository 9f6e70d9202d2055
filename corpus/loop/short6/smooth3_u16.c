/* A 1-2-1 smoothing stencil on 16-bit samples: b[i] = (a[i] + 2 a[i+1] + a[i+2] + 2) / 4. */
void smooth3_u16(int n, unsigned short *restrict b, const unsigned short *restrict a) {
    for (int i = 0; i < n; i++)
        b[i] = (unsigned short)((a[i] + 2 * a[i + 1] + a[i + 2] + 2) >> 2);
}
