/* x = x*a + b on 32-bit integers, in place. */
void scale_offset_inplace_i32(int n, int *restrict x, int a, int b) {
    for (int i = 0; i < n; i++)
        x[i] = x[i] * a + b;
}
