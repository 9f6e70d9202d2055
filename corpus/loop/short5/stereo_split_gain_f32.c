/* Interleaved float stereo split into two channels, each with its gain (a stride-2 load group). */
// stride: 2
void stereo_split_gain_f32(int n, float *restrict l, float *restrict r, const float *restrict lr, float gl, float gr) {
    for (int i = 0; i < n; i++) {
        l[i] = gl * lr[2 * i];
        r[i] = gr * lr[2 * i + 1];
    }
}
