/* Q8 gain on 16-bit samples in place, (x * g) >> 8. */
void scale_inplace_i16(int n, short *restrict x, short g) {
    for (int i = 0; i < n; i++)
        x[i] = (short)((x[i] * g) >> 8);
}
