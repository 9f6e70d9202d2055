/* BGR bytes to 16-bit gray (the weighted sum kept unshifted: BT.601 weights in 1/256ths). */
// stride: 3
void bgr_to_gray_u16(int n, unsigned short *restrict y, const unsigned char *restrict bgr) {
    for (int i = 0; i < n; i++)
        y[i] = (unsigned short)(29 * bgr[3 * i] + 150 * bgr[3 * i + 1] + 77 * bgr[3 * i + 2]);
}
