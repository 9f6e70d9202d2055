/* RGBA pixels to RGB: a stride-4 load group with a gap (alpha), a stride-3 store group. */
// stride: 4
void rgba_to_rgb_u8(int n, unsigned char *restrict rgb, const unsigned char *restrict rgba) {
    for (int i = 0; i < n; i++) {
        rgb[3 * i] = rgba[4 * i];
        rgb[3 * i + 1] = rgba[4 * i + 1];
        rgb[3 * i + 2] = rgba[4 * i + 2];
    }
}
