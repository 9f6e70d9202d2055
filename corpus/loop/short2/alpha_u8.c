/* The alpha channel of RGBA pixels (one member of a stride-4 group: a gap before it). */
// stride: 4
void alpha_u8(int n, unsigned char *restrict a, const unsigned char *restrict rgba) {
    for (int i = 0; i < n; i++)
        a[i] = rgba[4 * i + 3];
}
