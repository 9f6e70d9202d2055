/* Squared magnitude of interleaved complex floats (a stride-2 load group). */
// stride: 2
void cabs2_f32(int n, float *restrict out, const float *restrict z) {
    for (int i = 0; i < n; i++)
        out[i] = z[2 * i] * z[2 * i] + z[2 * i + 1] * z[2 * i + 1];
}
