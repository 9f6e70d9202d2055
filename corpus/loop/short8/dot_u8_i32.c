/* The dot product of two byte rows summed in 32 bits. */
int dot_u8_i32(int n, const unsigned char *restrict a, const unsigned char *restrict b) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}
