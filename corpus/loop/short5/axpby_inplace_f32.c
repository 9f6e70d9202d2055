/* y = a*x + b*y on floats, in place. */
void axpby_inplace_f32(int n, float *restrict y, const float *restrict x, float a, float b) {
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + b * y[i];
}
