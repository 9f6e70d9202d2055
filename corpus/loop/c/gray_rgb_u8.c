/* Interleaved groups: RGB pixels to gray on bytes (a full stride-3 group). */
// stride: 3
void gray_rgb_u8(int n, unsigned char *restrict out, const unsigned char *restrict rgb) {
    for (int i = 0; i < n; i++)
        out[i] = (unsigned char)((rgb[3 * i] * 77 + rgb[3 * i + 1] * 150 + rgb[3 * i + 2] * 29) >> 8);
}
