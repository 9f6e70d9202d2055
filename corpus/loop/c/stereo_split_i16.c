/* Interleaved groups: stereo samples split into two channels, scaled. */
// stride: 2
void stereo_split_i16(int n, short *restrict left, short *restrict right, const short *restrict lr) {
    for (int i = 0; i < n; i++) {
        left[i] = (short)(lr[2 * i] >> 1);
        right[i] = (short)(lr[2 * i + 1] >> 1);
    }
}
