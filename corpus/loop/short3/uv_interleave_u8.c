/* Planar U and V chroma rows interleaved into NV12's UV row (a stride-2 store group of loaded bytes). */
// stride: 2
void uv_interleave_u8(int n, unsigned char *restrict uv, const unsigned char *restrict u, const unsigned char *restrict v) {
    for (int i = 0; i < n; i++) {
        uv[2 * i] = u[i];
        uv[2 * i + 1] = v[i];
    }
}
