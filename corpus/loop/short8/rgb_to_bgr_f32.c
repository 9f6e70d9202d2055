/* Float RGB pixels written out as BGR (a stride-3 load group and a stride-3 store group, members reversed). */
// stride: 3
void rgb_to_bgr_f32(int n, float *restrict out, const float *restrict in) {
    for (int i = 0; i < n; i++) {
        out[3 * i] = in[3 * i + 2];
        out[3 * i + 1] = in[3 * i + 1];
        out[3 * i + 2] = in[3 * i];
    }
}
