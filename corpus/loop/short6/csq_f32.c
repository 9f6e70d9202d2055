/* Complex square of interleaved floats: (a + bi)^2 = (a*a - b*b) + (2ab)i. */
// stride: 2
void csq_f32(int n, float *restrict out, const float *restrict z) {
    for (int i = 0; i < n; i++) {
        float a = z[2 * i], b = z[2 * i + 1];
        out[2 * i] = a * a - b * b;
        out[2 * i + 1] = 2.0f * a * b;
    }
}
