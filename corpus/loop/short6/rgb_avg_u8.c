/* The rounded average of two RGB images (stride-3 load groups from two images, a stride-3 store group). */
// stride: 3
void rgb_avg_u8(int n, unsigned char *restrict out, const unsigned char *restrict a, const unsigned char *restrict b) {
    for (int i = 0; i < n; i++) {
        out[3 * i] = (unsigned char)((a[3 * i] + b[3 * i] + 1) >> 1);
        out[3 * i + 1] = (unsigned char)((a[3 * i + 1] + b[3 * i + 1] + 1) >> 1);
        out[3 * i + 2] = (unsigned char)((a[3 * i + 2] + b[3 * i + 2] + 1) >> 1);
    }
}
