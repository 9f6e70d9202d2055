/* Missing operations: out = x + y on most lanes, a plain copy of x on two (the paper's
 * "different numbers of operations"). SLP-M: extension x + 0. */
void copy_lanes(int *restrict out, const int *restrict x, const int *restrict y, int n) {
    for (int i = 0; i < n; i++) {
        out[8 * i + 0] = x[8 * i + 0] + y[8 * i + 0];
        out[8 * i + 1] = x[8 * i + 1];
        out[8 * i + 2] = x[8 * i + 2] + y[8 * i + 2];
        out[8 * i + 3] = x[8 * i + 3] + y[8 * i + 3];
        out[8 * i + 4] = x[8 * i + 4] + y[8 * i + 4];
        out[8 * i + 5] = x[8 * i + 5] + y[8 * i + 5];
        out[8 * i + 6] = x[8 * i + 6];
        out[8 * i + 7] = x[8 * i + 7] + y[8 * i + 7];
    }
}
