/* SLP-M paper, start_pass (Figure 17, libjpeg's jcdctmgr.c): DESCALE(b[j] * aanscales[j], 11).
 * Constant folding turns lane 0, ((b * 16384) + 1024) >> 11, into b << 3. */
void start_pass(int *restrict out, const short *restrict b, int n) {
    for (int i = 0; i < n; i++) {
        out[4 * i + 0] = ((b[4 * i + 0] * 16384) + 1024) >> 11;
        out[4 * i + 1] = ((b[4 * i + 1] * 22725) + 1024) >> 11;
        out[4 * i + 2] = ((b[4 * i + 2] * 21407) + 1024) >> 11;
        out[4 * i + 3] = ((b[4 * i + 3] * 19266) + 1024) >> 11;
    }
}
