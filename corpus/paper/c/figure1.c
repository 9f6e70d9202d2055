/* SLP-M paper, Figure 1 (from 625.x264_s): four statements with a copy, two shifts and a
 * multiply. SLP-M: B[0] -> B[0] * 1 (extension), B[k] << s -> B[k] * 2^s (replacement):
 * one vector multiply by <1, 2, 3, 4>. */
void figure1(int *restrict A, const int *restrict B, int n) {
    for (int i = 0; i < n; i++) {
        A[4 * i + 0] = B[4 * i + 0];
        A[4 * i + 1] = B[4 * i + 1] << 1;
        A[4 * i + 2] = B[4 * i + 2] * 3;
        A[4 * i + 3] = B[4 * i + 3] << 2;
    }
}
