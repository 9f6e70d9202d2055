/* Complex multiply-accumulate of interleaved floats in place: acc += a * b. */
// stride: 2
void cmac_f32(int n, float *restrict acc, const float *restrict a, const float *restrict b) {
    for (int i = 0; i < n; i++) {
        float ar = a[2 * i], ai = a[2 * i + 1], br = b[2 * i], bi = b[2 * i + 1];
        acc[2 * i] += ar * br - ai * bi;
        acc[2 * i + 1] += ar * bi + ai * br;
    }
}
