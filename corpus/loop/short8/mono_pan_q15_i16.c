/* A mono 16-bit signal panned into interleaved stereo by two Q15 gains. */
// stride: 2
void mono_pan_q15_i16(int n, short *restrict lr, const short *restrict m, short gl, short gr) {
    for (int i = 0; i < n; i++) {
        lr[2 * i] = (short)((m[i] * gl) >> 15);
        lr[2 * i + 1] = (short)((m[i] * gr) >> 15);
    }
}
