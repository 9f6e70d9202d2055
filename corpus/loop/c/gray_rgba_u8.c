/* Interleaved groups: RGBA pixels to gray on bytes (3 members of a stride-4 group). */
// stride: 4
void gray_rgba_u8(int n, unsigned char *restrict out, const unsigned char *restrict rgba) {
    for (int i = 0; i < n; i++)
        out[i] = (unsigned char)((rgba[4 * i] * 77 + rgba[4 * i + 1] * 150 + rgba[4 * i + 2] * 29) >> 8);
}
