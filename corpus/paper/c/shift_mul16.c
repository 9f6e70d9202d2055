/* Mixed shifts and multiplies over 8 shorts (the paper's s6 kind): a copy, shifts and
 * multiplies by small constants; one vector multiply after SLP-M. */
void shift_mul16(short *restrict a, const short *restrict b, int n) {
    for (int i = 0; i < n; i++) {
        a[8 * i + 0] = b[8 * i + 0];
        a[8 * i + 1] = b[8 * i + 1] * 5;
        a[8 * i + 2] = b[8 * i + 2] << 3;
        a[8 * i + 3] = b[8 * i + 3] * 7;
        a[8 * i + 4] = b[8 * i + 4] << 1;
        a[8 * i + 5] = b[8 * i + 5] * 3;
        a[8 * i + 6] = b[8 * i + 6];
        a[8 * i + 7] = b[8 * i + 7] << 2;
    }
}
