/* Signed min reduction over i16 (llvm.smin). */
void min_i16(int n, const short *restrict a, short *restrict out) {
    short m = out[0];
    for (int i = 0; i < n; i++)
        m = a[i] < m ? a[i] : m;
    out[0] = m;
}
