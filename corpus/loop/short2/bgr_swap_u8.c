/* RGB to BGR: a stride-3 load group, its members stored in reverse order. */
// stride: 3
void bgr_swap_u8(int n, unsigned char *restrict bgr, const unsigned char *restrict rgb) {
    for (int i = 0; i < n; i++) {
        bgr[3 * i] = rgb[3 * i + 2];
        bgr[3 * i + 1] = rgb[3 * i + 1];
        bgr[3 * i + 2] = rgb[3 * i];
    }
}
