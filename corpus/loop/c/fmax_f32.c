// cflags: -ffinite-math-only -fno-signed-zeros
/* Float max reduction (llvm.maxnum nnan nsz). */
void fmax_f32(int n, const float *restrict a, float *restrict out) {
    float m = out[0];
    for (int i = 0; i < n; i++)
        m = __builtin_fmaxf(m, a[i]);
    out[0] = m;
}
