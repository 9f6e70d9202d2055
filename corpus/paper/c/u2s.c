/* SLP-M paper, u2s (Figure 11b): an unsigned int split into its four bytes, most
 * significant first; lane 3 has no shift (extension: x >> 0). The cast lanes differ in
 * their flags (trunc nuw on the top byte): the vector trunc keeps the common ones. */
void u2s(unsigned char *restrict o, const unsigned *restrict a, int n) {
    for (int i = 0; i < n; i++) {
        o[4 * i + 0] = a[4 * i + 0] >> 24;
        o[4 * i + 1] = a[4 * i + 1] >> 16;
        o[4 * i + 2] = a[4 * i + 2] >> 8;
        o[4 * i + 3] = a[4 * i + 3];
    }
}
