/* Dot product of 16-bit samples into a 32-bit sum. */
int dot_i16(int n, const short *restrict a, const short *restrict b) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}
