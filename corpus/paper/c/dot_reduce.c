/* A horizontal reduction (seed 000's add_red, integer form): the sum of eight weighted
 * elements per block. */
void dot_reduce(int *restrict s, const int *restrict x, int n) {
    for (int i = 0; i < n; i++) {
        const int *p = x + 8 * i;
        s[i] = 7 * p[0] + 7 * p[1] + 7 * p[2] + 7 * p[3] + 7 * p[4] + 7 * p[5] + 7 * p[6] + 7 * p[7];
    }
}
