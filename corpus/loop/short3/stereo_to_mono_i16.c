/* Interleaved 16-bit stereo to mono: the average of left and right (a stride-2 load group). */
// stride: 2
void stereo_to_mono_i16(int n, short *restrict mono, const short *restrict lr) {
    for (int i = 0; i < n; i++)
        mono[i] = (short)((lr[2 * i] + lr[2 * i + 1]) >> 1);
}
