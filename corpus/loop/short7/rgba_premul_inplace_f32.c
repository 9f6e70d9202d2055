/* Float RGBA premultiplied by alpha in place (alpha kept). */
// stride: 4
void rgba_premul_inplace_f32(int n, float *restrict px) {
    for (int i = 0; i < n; i++) {
        float a = px[4 * i + 3];
        px[4 * i] *= a;
        px[4 * i + 1] *= a;
        px[4 * i + 2] *= a;
    }
}
