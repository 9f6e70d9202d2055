/* Linear interpolation between two float arrays by one weight: a + t*(b - a). */
void lerp_f32(int n, float *restrict out, const float *restrict a, const float *restrict b, float t) {
    for (int i = 0; i < n; i++)
        out[i] = a[i] + t * (b[i] - a[i]);
}
