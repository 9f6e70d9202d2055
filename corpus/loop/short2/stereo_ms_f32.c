/* Left/right to mid/side in place on interleaved floats. */
// stride: 2
void stereo_ms_f32(int n, float *restrict lr) {
    for (int i = 0; i < n; i++) {
        float l = lr[2 * i], r = lr[2 * i + 1];
        lr[2 * i] = 0.5f * (l + r);
        lr[2 * i + 1] = 0.5f * (l - r);
    }
}
