/* The luma bytes of a YUYV row (member 0 of a stride-2 byte group: a gap at its end). */
// stride: 2
void yuyv_luma_u8(int n, unsigned char *restrict y, const unsigned char *restrict yuyv) {
    for (int i = 0; i < n; i++)
        y[i] = yuyv[2 * i];
}
