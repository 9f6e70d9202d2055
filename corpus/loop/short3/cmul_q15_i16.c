/* Complex multiply of Q15 fixed-point numbers (re, im pairs of i16: load and store groups). */
// stride: 2
void cmul_q15_i16(int n, short *restrict z, const short *restrict x, const short *restrict y) {
    for (int i = 0; i < n; i++) {
        int xr = x[2 * i], xi = x[2 * i + 1], yr = y[2 * i], yi = y[2 * i + 1];
        z[2 * i] = (short)((xr * yr - xi * yi) >> 15);
        z[2 * i + 1] = (short)((xr * yi + xi * yr) >> 15);
    }
}
