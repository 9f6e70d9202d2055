/* RGBA bytes to normalized floats (a stride-4 byte load group, a stride-4 float store group). */
// stride: 4
void rgba_to_f32(int n, float *restrict out, const unsigned char *restrict in) {
    for (int i = 0; i < n; i++) {
        out[4 * i] = in[4 * i] * (1.0f / 255.0f);
        out[4 * i + 1] = in[4 * i + 1] * (1.0f / 255.0f);
        out[4 * i + 2] = in[4 * i + 2] * (1.0f / 255.0f);
        out[4 * i + 3] = in[4 * i + 3] * (1.0f / 255.0f);
    }
}
