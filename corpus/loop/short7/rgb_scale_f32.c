/* Float RGB pixels scaled channel by channel into another image (white balance). */
// stride: 3
void rgb_scale_f32(int n, float *restrict out, const float *restrict in, float kr, float kg, float kb) {
    for (int i = 0; i < n; i++) {
        out[3 * i] = kr * in[3 * i];
        out[3 * i + 1] = kg * in[3 * i + 1];
        out[3 * i + 2] = kb * in[3 * i + 2];
    }
}
