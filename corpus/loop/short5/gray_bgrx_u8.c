/* BGRX pixels to 8-bit gray, BT.601 weights in 1/256ths (a stride-4 load group with a gap at its end). */
// stride: 4
void gray_bgrx_u8(int n, unsigned char *restrict y, const unsigned char *restrict bgrx) {
    for (int i = 0; i < n; i++)
        y[i] = (unsigned char)((29 * bgrx[4 * i] + 150 * bgrx[4 * i + 1] + 77 * bgrx[4 * i + 2] + 128) >> 8);
}
