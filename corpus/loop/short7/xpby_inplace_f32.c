/* y = x + b*y in place. */
void xpby_inplace_f32(int n, float *restrict y, const float *restrict x, float b) {
    for (int i = 0; i < n; i++)
        y[i] = x[i] + b * y[i];
}
