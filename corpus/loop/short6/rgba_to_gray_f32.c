/* Float RGBA pixels to gray, BT.601 weights (a stride-4 load group with a gap at its end). */
// stride: 4
void rgba_to_gray_f32(int n, float *restrict y, const float *restrict rgba) {
    for (int i = 0; i < n; i++)
        y[i] = 0.299f * rgba[4 * i] + 0.587f * rgba[4 * i + 1] + 0.114f * rgba[4 * i + 2];
}
