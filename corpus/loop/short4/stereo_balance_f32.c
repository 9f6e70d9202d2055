/* Stereo balance: left and right gains on interleaved floats into a new buffer. */
// stride: 2
void stereo_balance_f32(int n, float *restrict out, const float *restrict in, float gl, float gr) {
    for (int i = 0; i < n; i++) {
        out[2 * i] = gl * in[2 * i];
        out[2 * i + 1] = gr * in[2 * i + 1];
    }
}
