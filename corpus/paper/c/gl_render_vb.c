/* SLP-M paper, gl_render_vb (Figures 11a, 12): four isomorphic statements v[j] = w[j] - d[j],
 * except that the compiler folds the last one's "- 0". SLP-M: extension w[3] - 0. */
void gl_render_vb(int *restrict v, const int *restrict w, int k, int n) {
    for (int i = 0; i < n; i++) {
        v[4 * i + 0] = w[4 * i + 0] - 3 * k;
        v[4 * i + 1] = w[4 * i + 1] - 2 * k;
        v[4 * i + 2] = w[4 * i + 2] - k;
        v[4 * i + 3] = w[4 * i + 3] - 0;
    }
}
