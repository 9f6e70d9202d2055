/* Complex axpy in place on interleaved floats: y += (ar + i ai) * x. */
// stride: 2
void caxpy_f32(int n, float ar, float ai, const float *restrict x, float *restrict y) {
    for (int i = 0; i < n; i++) {
        float xr = x[2 * i], xi = x[2 * i + 1];
        y[2 * i] += ar * xr - ai * xi;
        y[2 * i + 1] += ar * xi + ai * xr;
    }
}
