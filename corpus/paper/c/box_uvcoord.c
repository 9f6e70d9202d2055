/* SLP-M paper, box_UVCoord (Figures 13b, 14, from 453.povray): texture coordinates scaled
 * by powers of two, one written as a division and one as a multiply. */
void box_uvcoord(float *restrict uv, const float *restrict p, int n) {
    for (int i = 0; i < n; i++) {
        uv[4 * i + 0] = p[4 * i + 0] / 2.0f;
        uv[4 * i + 1] = p[4 * i + 1] * 0.25f;
        uv[4 * i + 2] = p[4 * i + 2] / 8.0f;
        uv[4 * i + 3] = p[4 * i + 3] * 0.5f;
    }
}
