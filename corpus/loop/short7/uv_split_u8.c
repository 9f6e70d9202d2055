/* Interleaved UV bytes split into two planes (a stride-2 load group, two contiguous stores). */
// stride: 2
void uv_split_u8(int n, unsigned char *restrict u, unsigned char *restrict v, const unsigned char *restrict uv) {
    for (int i = 0; i < n; i++) {
        u[i] = uv[2 * i];
        v[i] = uv[2 * i + 1];
    }
}
