/* Float add reduction, reassociation allowed (fadd reassoc). */
void fsum_f32(int n, const float *restrict a, float *restrict out) {
#pragma clang fp reassociate(on)
    float s = out[0];
    for (int i = 0; i < n; i++)
        s += a[i];
    out[0] = s;
}
