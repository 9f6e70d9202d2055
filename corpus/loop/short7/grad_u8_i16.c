/* A central difference of a byte row into 16-bit signed gradients: g[i] = x[i+2] - x[i]. */
void grad_u8_i16(int n, short *restrict g, const unsigned char *restrict x) {
    for (int i = 0; i < n; i++)
        g[i] = (short)(x[i + 2] - x[i]);
}
