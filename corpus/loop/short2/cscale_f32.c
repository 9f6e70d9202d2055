/* Interleaved complex floats scaled in place by the complex (sr + i si). */
// stride: 2
void cscale_f32(int n, float sr, float si, float *restrict z) {
    for (int i = 0; i < n; i++) {
        float re = z[2 * i], im = z[2 * i + 1];
        z[2 * i] = sr * re - si * im;
        z[2 * i + 1] = sr * im + si * re;
    }
}
