/* RGBA to BGRA: red and blue swapped (full stride-4 load and store groups, bytes moved). */
// stride: 4
void rgba_swap_rb_u8(int n, unsigned char *restrict bgra, const unsigned char *restrict rgba) {
    for (int i = 0; i < n; i++) {
        bgra[4 * i] = rgba[4 * i + 2];
        bgra[4 * i + 1] = rgba[4 * i + 1];
        bgra[4 * i + 2] = rgba[4 * i];
        bgra[4 * i + 3] = rgba[4 * i + 3];
    }
}
