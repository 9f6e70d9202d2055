/* The second difference of a float signal: d[i] = x[i+2] - 2 x[i+1] + x[i]. */
void diff2_f32(int n, float *restrict d, const float *restrict x) {
    for (int i = 0; i < n; i++)
        d[i] = x[i + 2] - 2.0f * x[i + 1] + x[i];
}
