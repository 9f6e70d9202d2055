/* Interleaved groups: two channels joined into stereo samples (a store group). */
// stride: 2
void stereo_join_i16(int n, short *restrict lr, const short *restrict left, const short *restrict right) {
    for (int i = 0; i < n; i++) {
        lr[2 * i] = left[i];
        lr[2 * i + 1] = right[i];
    }
}
