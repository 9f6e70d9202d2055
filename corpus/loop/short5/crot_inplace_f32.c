/* Interleaved complex floats multiplied by i in place: (re, im) -> (-im, re) (a stride-2 group in place). */
// stride: 2
void crot_inplace_f32(int n, float *restrict z) {
    for (int i = 0; i < n; i++) {
        float re = z[2 * i], im = z[2 * i + 1];
        z[2 * i] = -im;
        z[2 * i + 1] = re;
    }
}
