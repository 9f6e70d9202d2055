/* Two operations over the same lanes: complex-number style add/sub pairs (shuffle
 * merging: both computed as vectors, blended by one shufflevector). */
void alt_addsub(int *restrict o, const int *restrict a, const int *restrict b, int n) {
    for (int i = 0; i < n; i++) {
        o[4 * i + 0] = a[4 * i + 0] + b[4 * i + 0];
        o[4 * i + 1] = a[4 * i + 1] - b[4 * i + 1];
        o[4 * i + 2] = a[4 * i + 2] + b[4 * i + 2];
        o[4 * i + 3] = a[4 * i + 3] - b[4 * i + 3];
    }
}
