// cflags: -ffinite-math-only -fno-signed-zeros
/* Peak level: max of |x| over float samples (fabs then maxnum reduction). */
void max_abs_f32(int n, const float *restrict x, float *restrict out) {
    float m = 0.0f;
    for (int i = 0; i < n; i++)
        m = __builtin_fmaxf(m, __builtin_fabsf(x[i]));
    out[0] = m;
}
