/* Interleaved groups: a stride-3 update in place (loads and stores of one array). */
// stride: 3
void stride3_update_i32(int n, int *restrict p) {
    for (int i = 0; i < n; i++) {
        p[3 * i] += 1;
        p[3 * i + 1] *= 3;
        p[3 * i + 2] ^= p[3 * i];
    }
}
