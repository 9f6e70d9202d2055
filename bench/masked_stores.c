/* Why tail-folded maps are slow on AMD Zen 3 (README, "Tail folding", measured): the
   map y[i] = a * x[i] in hand-written AVX2 forms, each timed at n = 13, 5 and 16.
   Written for vecverify (same licence as the project).
       clang-22 -O3 -march=x86-64-v3 bench/masked_stores.c -o /tmp/ms && /tmp/ms   */
#include <immintrin.h>
#include <stdio.h>
#include <time.h>
typedef void (*fn)(int, float, const float*, float*);
__attribute__((noinline)) void scalar(int n, float a, const float *restrict x, float *restrict y) {
#pragma clang loop vectorize(disable) unroll(disable)
  for (int i = 0; i < n; i++) y[i] = a * x[i];
}
static inline __m128i maskof4(long rem) { __m128i steps = _mm_setr_epi32(0,1,2,3);
  return _mm_cmpgt_epi32(_mm_set1_epi32((int)rem), steps); }
static inline __m256i maskof(long rem) { __m256i steps = _mm256_setr_epi32(0,1,2,3,4,5,6,7);
  return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)rem), steps); }
__attribute__((noinline)) void folded(int n, float a, const float *restrict x, float *restrict y) {
  __m256 va = _mm256_set1_ps(a);
  for (long i = 0; i < n; i += 8) { __m256i m = maskof(n - i);
    __m256 xv = _mm256_maskload_ps(x + i, m); _mm256_maskstore_ps(y + i, m, _mm256_mul_ps(va, xv)); } }
__attribute__((noinline)) void maskload_only(int n, float a, const float *restrict x, float *restrict y) {
  __m256 va = _mm256_set1_ps(a); __m256 acc = _mm256_setzero_ps();
  for (long i = 0; i < n; i += 8) { __m256i m = maskof(n - i);
    __m256 xv = _mm256_maskload_ps(x + i, m); acc = _mm256_add_ps(acc, _mm256_mul_ps(va, xv)); }
  _mm256_storeu_ps(y, acc);}
__attribute__((noinline)) void full_then_masked(int n, float a, const float *restrict x, float *restrict y) {
  __m256 va = _mm256_set1_ps(a); long i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(y + i, _mm256_mul_ps(va, _mm256_loadu_ps(x + i)));
  if (i < n) { __m256i m = maskof(n - i);
    __m256 xv = _mm256_maskload_ps(x + i, m); _mm256_maskstore_ps(y + i, m, _mm256_mul_ps(va, xv)); } }
__attribute__((noinline)) void full_then_scalar_stores(int n, float a, const float *restrict x, float *restrict y) {
  __m256 va = _mm256_set1_ps(a); long i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(y + i, _mm256_mul_ps(va, _mm256_loadu_ps(x + i)));
  if (i < n) { __m256i m = maskof(n - i);
    __m256 r = _mm256_mul_ps(va, _mm256_maskload_ps(x + i, m)); float t[8]; _mm256_storeu_ps(t, r);
    for (long l = 0; l < n - i; l++) y[i + l] = t[l]; } }
__attribute__((noinline)) void overlapped(int n, float a, const float *restrict x, float *restrict y) {
  __m256 va = _mm256_set1_ps(a); long i = 0;
  if (n < 8) { folded(n,a,x,y); return; }
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(y + i, _mm256_mul_ps(va, _mm256_loadu_ps(x + i)));
  if (i < n) { i = n - 8; _mm256_storeu_ps(y + i, _mm256_mul_ps(va, _mm256_loadu_ps(x + i))); } }
__attribute__((noinline)) void folded4(int n, float a, const float *restrict x, float *restrict y) {
  __m128 va = _mm_set1_ps(a);
  for (long i = 0; i < n; i += 4) { __m128i m = maskof4(n - i);
    __m128 xv = _mm_maskload_ps(x + i, m); _mm_maskstore_ps(y + i, m, _mm_mul_ps(va, xv)); } }
__attribute__((noinline)) void full8_masked4(int n, float a, const float *restrict x, float *restrict y) {
  __m256 va = _mm256_set1_ps(a); long i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(y + i, _mm256_mul_ps(va, _mm256_loadu_ps(x + i)));
  for (; i < n; i += 4) { __m128i m = maskof4(n - i);
    __m128 xv = _mm_maskload_ps(x + i, m); _mm_maskstore_ps(y + i, m, _mm_mul_ps(_mm256_castps256_ps128(va), xv)); } }
static double now(){struct timespec t; clock_gettime(CLOCK_MONOTONIC,&t); return t.tv_sec+t.tv_nsec*1e-9;}
float X[4096+16], Y[4096+16];
/* Best of 15 runs of 65536/n calls, us per call. */
void bench(const char*name, fn f, int n){ double best=1e9;
  for(int r=0;r<15;r++){ int reps = 65536/n; double t0=now(); for(int k=0;k<reps;k++) f(n,2.5f,X,Y); double t=(now()-t0)/reps; if(t<best)best=t;}
  printf("%-28s n=%d %.4f us\n", name, n, best*1e6); }
int main(){ for(int i=0;i<4096+16;i++){X[i]=i%7;Y[i]=i%5;}
 int ns[]={13,5,16};
 for(int j=0;j<3;j++){int n=ns[j];
 bench("scalar",scalar,n); bench("folded (256-bit)",folded,n); bench("folded (128-bit)",folded4,n);
 bench("masked loads only",maskload_only,n);
 bench("full, then masked",full_then_masked,n); bench("full, then 128-bit masked",full8_masked4,n);
 bench("full, then scalar stores",full_then_scalar_stores,n); bench("full, then shifted vector",overlapped,n);}
}
