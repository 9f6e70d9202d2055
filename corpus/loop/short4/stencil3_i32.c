/* 3-point integer stencil, (a[i] + 2 a[i+1] + a[i+2]) / 4 by shift. */
void stencil3_i32(int n, int *restrict b, const int *restrict a) {
    for (int i = 0; i < n; i++)
        b[i] = (a[i] + 2 * a[i + 1] + a[i + 2]) >> 2;
}
