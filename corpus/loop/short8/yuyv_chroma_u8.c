/* The chroma bytes of a YUYV row split into U and V planes (a stride-4 byte group read at members 1 and 3). */
// stride: 4
void yuyv_chroma_u8(int n, unsigned char *restrict u, unsigned char *restrict v, const unsigned char *restrict yuyv) {
    for (int i = 0; i < n; i++) {
        u[i] = yuyv[4 * i + 1];
        v[i] = yuyv[4 * i + 3];
    }
}
