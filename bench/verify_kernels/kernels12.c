/* Twelve ordinary C loop kernels for `./dev bench verify` (issue 24): recurrences,
   reductions, interleaved groups and a gather, compiled with the scalar flags and
   vectorized by `vecverify vectorize --verify`. */
#include <stdint.h>

void recur_f32(int n, float *restrict y, const float *restrict x) {
    for (int i = 1; i < n; i++)
        y[i] = x[i] + x[i - 1];
}

void recur_i32(int n, int *restrict y, const int *restrict x) {
    int prev = 0;
    for (int i = 0; i < n; i++) {
        y[i] = x[i] - prev;
        prev = x[i];
    }
}

int sum_i32(int n, const int *restrict a) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

float sum_f32(int n, const float *restrict a) {
#pragma clang fp reassociate(on)
    float s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

int max_i32(int n, const int *restrict a) {
    int m = a[0];
    for (int i = 0; i < n; i++)
        m = a[i] > m ? a[i] : m;
    return m;
}

int64_t dot_i16(int n, const int16_t *restrict a, const int16_t *restrict b) {
    int64_t s = 0;
    for (int i = 0; i < n; i++)
        s += (int32_t)a[i] * b[i];
    return s;
}

void saxpy(int n, float a, float *restrict y, const float *restrict x) {
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

void stereo_split(int n, int16_t *restrict l, int16_t *restrict r, const int16_t *restrict in) {
    for (int i = 0; i < n; i++) {
        l[i] = in[2 * i];
        r[i] = in[2 * i + 1];
    }
}

void rgb_gray(int n, uint8_t *restrict g, const uint8_t *restrict rgb) {
    for (int i = 0; i < n; i++)
        g[i] = (uint8_t)((77 * rgb[3 * i] + 150 * rgb[3 * i + 1] + 29 * rgb[3 * i + 2]) >> 8);
}

void cmul(int n, float *restrict c, const float *restrict a, const float *restrict b) {
    for (int i = 0; i < n; i++) {
        float ar = a[2 * i], ai = a[2 * i + 1], br = b[2 * i], bi = b[2 * i + 1];
        c[2 * i] = ar * br - ai * bi;
        c[2 * i + 1] = ar * bi + ai * br;
    }
}

void gather(int n, float *restrict y, const float *restrict table, const int *restrict idx) {
    for (int i = 0; i < n; i++)
        y[i] = table[idx[i]];
}

void smooth3(int n, int *restrict y, const int *restrict x) {
    for (int i = 1; i < n; i++)
        y[i] = x[i - 1] + 2 * x[i] + x[i + 1];
}
