/* Interleaved float stereo scaled in place, each channel by its own gain (a stride-2 group in place). */
// stride: 2
void stereo_gains_inplace_f32(int n, float *restrict lr, float gl, float gr) {
    for (int i = 0; i < n; i++) {
        lr[2 * i] = gl * lr[2 * i];
        lr[2 * i + 1] = gr * lr[2 * i + 1];
    }
}
