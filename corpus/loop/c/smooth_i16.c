/* A carried scalar over i16: the average of each element and the one before it. */
void smooth_i16(int n, short *restrict b, const short *restrict a) {
    short prev = 0;
    for (int i = 0; i < n; i++) {
        short cur = a[i];
        b[i] = (short)((cur + prev) >> 1);
        prev = cur;
    }
}
