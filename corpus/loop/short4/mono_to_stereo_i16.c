/* Mono to stereo on 16-bit samples (a contiguous load, a stride-2 store group). */
void mono_to_stereo_i16(int n, short *restrict lr, const short *restrict m) {
    for (int i = 0; i < n; i++) {
        lr[2 * i] = m[i];
        lr[2 * i + 1] = m[i];
    }
}
