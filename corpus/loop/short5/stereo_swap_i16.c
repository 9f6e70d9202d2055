/* Swap the channels of interleaved 16-bit stereo into another buffer (stride-2 groups, members exchanged). */
// stride: 2
void stereo_swap_i16(int n, short *restrict out, const short *restrict lr) {
    for (int i = 0; i < n; i++) {
        out[2 * i] = lr[2 * i + 1];
        out[2 * i + 1] = lr[2 * i];
    }
}
