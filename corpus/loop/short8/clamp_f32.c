/* Floats clamped to [lo, hi] by compares and selects. */
void clamp_f32(int n, float *restrict y, const float *restrict x, float lo, float hi) {
    for (int i = 0; i < n; i++) {
        float v = x[i] < lo ? lo : x[i];
        y[i] = v > hi ? hi : v;
    }
}
