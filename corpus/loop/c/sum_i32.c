/* Integer add reduction. */
void sum_i32(int n, const int *restrict a, int *restrict out) {
    int s = out[0];
    for (int i = 0; i < n; i++)
        s += a[i];
    out[0] = s;
}
