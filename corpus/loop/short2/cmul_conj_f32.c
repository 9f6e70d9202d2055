/* Complex multiply by the conjugate on interleaved floats: c = a * conj(b). */
// stride: 2
void cmul_conj_f32(int n, float *restrict c, const float *restrict a, const float *restrict b) {
    for (int i = 0; i < n; i++) {
        float ar = a[2 * i], ai = a[2 * i + 1], br = b[2 * i], bi = b[2 * i + 1];
        c[2 * i] = ar * br + ai * bi;
        c[2 * i + 1] = ai * br - ar * bi;
    }
}
