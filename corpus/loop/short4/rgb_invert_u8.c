/* Invert RGB pixels in place (a stride-3 group read and written in place). */
// stride: 3
void rgb_invert_u8(int n, unsigned char *restrict rgb) {
    for (int i = 0; i < n; i++) {
        rgb[3 * i] = 255 - rgb[3 * i];
        rgb[3 * i + 1] = 255 - rgb[3 * i + 1];
        rgb[3 * i + 2] = 255 - rgb[3 * i + 2];
    }
}
