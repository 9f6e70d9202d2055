/* SLP-M paper, gl_render_vb as float code (a viewport transform): three lanes compute
 * w * s + t, the fourth only w * s. clang-22 contracts the three into llvm.fmuladd
 * (-ffp-contract=on, its default) and leaves the fourth an fmul: the lanes mix a call
 * with an fmul. SLP-M: the vector fmuladd and a vector fmul blended by one shuffle. */
void gl_render_vb_fmuladd(float *restrict win, const float *restrict clip, float s, float tx, float ty,
                          float tz, int n) {
    for (int i = 0; i < n; i++) {
        win[4 * i + 0] = clip[4 * i + 0] * s + tx;
        win[4 * i + 1] = clip[4 * i + 1] * s + ty;
        win[4 * i + 2] = clip[4 * i + 2] * s + tz;
        win[4 * i + 3] = clip[4 * i + 3] * s;
    }
}
