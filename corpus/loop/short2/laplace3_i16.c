/* A 3-point Laplacian on 16-bit samples: b[i] = a[i] - 2 a[i+1] + a[i+2]. */
void laplace3_i16(int n, short *restrict b, const short *restrict a) {
    for (int i = 0; i < n; i++)
        b[i] = (short)(a[i] - 2 * a[i + 1] + a[i + 2]);
}
