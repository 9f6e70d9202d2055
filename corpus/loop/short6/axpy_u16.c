/* z = a*x + y on 16-bit unsigned integers, wrapping (into a third array). */
void axpy_u16(int n, unsigned short *restrict z, const unsigned short *restrict x, const unsigned short *restrict y, unsigned short a) {
    for (int i = 0; i < n; i++)
        z[i] = (unsigned short)(a * x[i] + y[i]);
}
