/* saxpy on 16-bit integers in place: y[i] += a * x[i]. */
void saxpy_i16(int n, short a, const short *restrict x, short *restrict y) {
    for (int i = 0; i < n; i++)
        y[i] = (short)(y[i] + a * x[i]);
}
