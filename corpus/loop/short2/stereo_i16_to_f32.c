/* Interleaved 16-bit stereo to two float channels scaled to [-1, 1). */
// stride: 2
void stereo_i16_to_f32(int n, float *restrict l, float *restrict r, const short *restrict lr) {
    for (int i = 0; i < n; i++) {
        l[i] = lr[2 * i] * (1.0f / 32768.0f);
        r[i] = lr[2 * i + 1] * (1.0f / 32768.0f);
    }
}
