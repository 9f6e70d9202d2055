/* More ordinary C loop kernels for `./dev bench verify`, written after kernels12.c and
   kept apart from it (saturating and clamping maps, compares counted, an and-reduction,
   a 3-byte swap and a 4-way split, an i16 recurrence, widening, int-to-float, dot
   products under `#pragma clang fp reassociate(on)` whose links are llvm.fmuladd, and a
   conditional store the vectorizer leaves scalar: a loop body of more than one block). */
#include <stdint.h>

void absdiff_u8(int n, uint8_t *restrict y, const uint8_t *restrict a, const uint8_t *restrict b) {
    for (int i = 0; i < n; i++)
        y[i] = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
}

void clamp_i16(int n, int16_t *restrict y, const int16_t *restrict x, int16_t lo, int16_t hi) {
    for (int i = 0; i < n; i++) {
        int16_t v = x[i];
        v = v < lo ? lo : v;
        y[i] = v > hi ? hi : v;
    }
}

int count_eq_i32(int n, const int *restrict a, int k) {
    int c = 0;
    for (int i = 0; i < n; i++)
        c += a[i] == k;
    return c;
}

double sumsq_f64(int n, const double *restrict x) {
#pragma clang fp reassociate(on)
    double s = 0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return s;
}

void bgr_swap_u8(int n, uint8_t *restrict out, const uint8_t *restrict in) {
    for (int i = 0; i < n; i++) {
        out[3 * i] = in[3 * i + 2];
        out[3 * i + 1] = in[3 * i + 1];
        out[3 * i + 2] = in[3 * i];
    }
}

void quad_split_i32(int n, int *restrict a, int *restrict b, int *restrict c, int *restrict d, const int *restrict in) {
    for (int i = 0; i < n; i++) {
        a[i] = in[4 * i];
        b[i] = in[4 * i + 1];
        c[i] = in[4 * i + 2];
        d[i] = in[4 * i + 3];
    }
}

void delta_i16(int n, int16_t *restrict y, const int16_t *restrict x) {
    int16_t prev = 0;
    for (int i = 0; i < n; i++) {
        y[i] = x[i] - prev;
        prev = x[i];
    }
}

uint32_t and_all_u32(int n, const uint32_t *restrict a) {
    uint32_t m = 0xffffffffu;
    for (int i = 0; i < n; i++)
        m &= a[i];
    return m;
}

void relu_store_f32(int n, float *restrict y, const float *restrict x) {
    for (int i = 0; i < n; i++)
        if (x[i] > 0.0f)
            y[i] = x[i];
}

void satadd_u8(int n, uint8_t *restrict y, const uint8_t *restrict a, const uint8_t *restrict b) {
    for (int i = 0; i < n; i++) {
        unsigned s = a[i] + b[i];
        y[i] = s > 255 ? 255 : s;
    }
}

void widen_mul_u16(int n, uint32_t *restrict y, const uint16_t *restrict a, const uint16_t *restrict b) {
    for (int i = 0; i < n; i++)
        y[i] = (uint32_t)a[i] * b[i];
}

void int2float_scale(int n, float *restrict y, const int *restrict x, float s) {
    for (int i = 0; i < n; i++)
        y[i] = (float)x[i] * s;
}
float dot_f32(int n, const float *restrict a, const float *restrict b) {
#pragma clang fp reassociate(on)
    float s = 1.0f;
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}
