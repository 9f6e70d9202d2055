/* The squared length of float 3-vectors stored as XYZ structs. */
// stride: 3
void xyz_norm2_f32(int n, float *restrict r, const float *restrict v) {
    for (int i = 0; i < n; i++)
        r[i] = v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1] + v[3 * i + 2] * v[3 * i + 2];
}
