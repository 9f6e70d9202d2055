/* Mono to stereo with a gain per channel (a stride-2 store group). */
// stride: 2
void stereo_pan_f32(int n, float gl, float *restrict lr, const float *restrict mono) {
    for (int i = 0; i < n; i++) {
        lr[2 * i] = gl * mono[i];
        lr[2 * i + 1] = (1.0f - gl) * mono[i];
    }
}
