/* The real part of the product of two interleaved complex float arrays: ar*br - ai*bi. */
// stride: 2
void cmul_real_f32(int n, float *restrict re, const float *restrict a, const float *restrict b) {
    for (int i = 0; i < n; i++)
        re[i] = a[2 * i] * b[2 * i] - a[2 * i + 1] * b[2 * i + 1];
}
