/* Complex conjugate of interleaved floats into another array: (re, im) -> (re, -im). */
// stride: 2
void cconj_f32(int n, float *restrict out, const float *restrict z) {
    for (int i = 0; i < n; i++) {
        out[2 * i] = z[2 * i];
        out[2 * i + 1] = -z[2 * i + 1];
    }
}
