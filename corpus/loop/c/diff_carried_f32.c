/* A carried scalar: the previous element kept in a variable (a first-order recurrence). */
void diff_carried_f32(int n, float *restrict b, const float *restrict a) {
    float prev = a[0];
    for (int i = 0; i < n; i++) {
        float cur = a[i + 1];
        b[i] = cur - prev;
        prev = cur;
    }
}
