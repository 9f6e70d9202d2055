/* Interleaved float stereo downmixed to mono: (l + r) * 0.5. */
// stride: 2
void stereo_to_mono_f32(int n, float *restrict m, const float *restrict lr) {
    for (int i = 0; i < n; i++)
        m[i] = (lr[2 * i] + lr[2 * i + 1]) * 0.5f;
}
