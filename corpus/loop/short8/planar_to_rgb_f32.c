/* Three float planes interleaved into RGB structs (a stride-3 store group from contiguous loads). */
// stride: 3
void planar_to_rgb_f32(int n, float *restrict rgb, const float *restrict r, const float *restrict g, const float *restrict b) {
    for (int i = 0; i < n; i++) {
        rgb[3 * i] = r[i];
        rgb[3 * i + 1] = g[i];
        rgb[3 * i + 2] = b[i];
    }
}
