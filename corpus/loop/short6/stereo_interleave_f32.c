/* Two float channels interleaved into one stereo buffer (contiguous loads, a stride-2 store group). */
// stride: 2
void stereo_interleave_f32(int n, float *restrict lr, const float *restrict l, const float *restrict r) {
    for (int i = 0; i < n; i++) {
        lr[2 * i] = l[i];
        lr[2 * i + 1] = r[i];
    }
}
