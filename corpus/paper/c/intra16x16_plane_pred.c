/* SLP-M paper, intra16x16_plane_pred (Figures 15-16, JM's H.264 encoder): pred = base +
 * (j + 1) * ib with ib per macroblock; the compiler writes ib, ib << 1, ib * 3, ib << 2.
 * SLP-M: extension (ib * 1) and replacement (shl -> mul): one multiply by <1, 2, 3, 4>. */
void intra16x16_plane_pred(int *restrict pred, const int *restrict base, const int *restrict ib, int n) {
    for (int i = 0; i < n; i++) {
        int b = ib[i];
        pred[4 * i + 0] = base[4 * i + 0] + 1 * b;
        pred[4 * i + 1] = base[4 * i + 1] + 2 * b;
        pred[4 * i + 2] = base[4 * i + 2] + 3 * b;
        pred[4 * i + 3] = base[4 * i + 3] + 4 * b;
    }
}
