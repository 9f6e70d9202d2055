/* RGB pixels to opaque RGBA: a stride-3 load group, a stride-4 store group with a constant member. */
// stride: 4
void rgb_to_rgba_u8(int n, unsigned char *restrict rgba, const unsigned char *restrict rgb) {
    for (int i = 0; i < n; i++) {
        rgba[4 * i] = rgb[3 * i];
        rgba[4 * i + 1] = rgb[3 * i + 1];
        rgba[4 * i + 2] = rgb[3 * i + 2];
        rgba[4 * i + 3] = 255;
    }
}
