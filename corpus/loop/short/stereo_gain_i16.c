/* Stereo gain in place: each channel scaled by its own Q8 factor (load and store groups on one array). */
// stride: 2
void stereo_gain_i16(int n, short *restrict lr) {
    for (int i = 0; i < n; i++) {
        lr[2 * i] = (short)((lr[2 * i] * 181) >> 8);
        lr[2 * i + 1] = (short)((lr[2 * i + 1] * 90) >> 8);
    }
}
