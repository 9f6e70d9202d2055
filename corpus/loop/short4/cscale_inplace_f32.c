/* Multiply complex floats in place by one complex constant (a stride-2 group in place). */
// stride: 2
void cscale_inplace_f32(int n, float *restrict z, float cr, float ci) {
    for (int i = 0; i < n; i++) {
        float re = z[2 * i], im = z[2 * i + 1];
        z[2 * i] = re * cr - im * ci;
        z[2 * i + 1] = re * ci + im * cr;
    }
}
