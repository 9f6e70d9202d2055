/* Stereo to mono: the mean of each interleaved pair of floats. */
// stride: 2
void stereo_mix_f32(int n, float *restrict mono, const float *restrict lr) {
    for (int i = 0; i < n; i++)
        mono[i] = 0.5f * (lr[2 * i] + lr[2 * i + 1]);
}
