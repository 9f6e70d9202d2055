/* Float RGB pixels to gray (a full stride-3 load group). */
// stride: 3
void rgb_gray_f32(int n, float *restrict y, const float *restrict rgb) {
    for (int i = 0; i < n; i++)
        y[i] = 0.299f * rgb[3 * i] + 0.587f * rgb[3 * i + 1] + 0.114f * rgb[3 * i + 2];
}
