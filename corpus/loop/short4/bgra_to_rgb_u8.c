/* BGRA pixels to RGB (a stride-4 load group with a gap, a stride-3 store group). */
// stride: 4
void bgra_to_rgb_u8(int n, unsigned char *restrict rgb, const unsigned char *restrict bgra) {
    for (int i = 0; i < n; i++) {
        rgb[3 * i] = bgra[4 * i + 2];
        rgb[3 * i + 1] = bgra[4 * i + 1];
        rgb[3 * i + 2] = bgra[4 * i];
    }
}
