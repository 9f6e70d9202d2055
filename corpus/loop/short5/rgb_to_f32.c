/* RGB bytes to normalized floats (a stride-3 byte load group, a stride-3 float store group). */
// stride: 3
void rgb_to_f32(int n, float *restrict out, const unsigned char *restrict in) {
    for (int i = 0; i < n; i++) {
        out[3 * i] = in[3 * i] * (1.0f / 255.0f);
        out[3 * i + 1] = in[3 * i + 1] * (1.0f / 255.0f);
        out[3 * i + 2] = in[3 * i + 2] * (1.0f / 255.0f);
    }
}
