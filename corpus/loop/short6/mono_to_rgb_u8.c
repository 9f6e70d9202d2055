/* Gray to RGB: each gray byte written to the three channels (a contiguous load, a stride-3 store group). */
// stride: 3
void mono_to_rgb_u8(int n, unsigned char *restrict rgb, const unsigned char *restrict g) {
    for (int i = 0; i < n; i++) {
        rgb[3 * i] = g[i];
        rgb[3 * i + 1] = g[i];
        rgb[3 * i + 2] = g[i];
    }
}
