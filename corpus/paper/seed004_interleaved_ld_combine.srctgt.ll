; Interleaved load combine (seed 004, LLVM's aarch64-interleaved-ld-combine.ll, with opaque
; pointers): four <4 x float> loads de-interleaved by a two-level shuffle tree become one
; <16 x float> load and four strided shuffles <j, j+4, j+8, j+12>, as `opt
; -interleaved-load-combine` writes it (the target is vecverify's interleave transform's
; output). Origin: https://reviews.llvm.org/rL347208 (Apache-2.0 WITH LLVM-exception).

define void @src(ptr %ptr) {
entry:
  %gep1 = getelementptr inbounds <4 x float>, ptr %ptr, i64 2
  %gep2 = getelementptr inbounds <4 x float>, ptr %ptr, i64 3
  %gep3 = getelementptr inbounds <4 x float>, ptr %ptr, i64 4
  %gep4 = getelementptr inbounds <4 x float>, ptr %ptr, i64 5
  %ld1 = load <4 x float>, ptr %gep1, align 16
  %ld2 = load <4 x float>, ptr %gep2, align 16
  %ld3 = load <4 x float>, ptr %gep3, align 16
  %ld4 = load <4 x float>, ptr %gep4, align 16
  %sv1 = shufflevector <4 x float> %ld1, <4 x float> %ld2, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %sv2 = shufflevector <4 x float> %ld1, <4 x float> %ld2, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %sv3 = shufflevector <4 x float> %ld3, <4 x float> %ld4, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %sv4 = shufflevector <4 x float> %ld3, <4 x float> %ld4, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %m0_3 = shufflevector <4 x float> %sv1, <4 x float> %sv3, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  %m4_7 = shufflevector <4 x float> %sv1, <4 x float> %sv3, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  %m8_11 = shufflevector <4 x float> %sv2, <4 x float> %sv4, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  %m12_15 = shufflevector <4 x float> %sv2, <4 x float> %sv4, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  store <4 x float> %m0_3, ptr %gep1, align 16
  store <4 x float> %m4_7, ptr %gep2, align 16
  store <4 x float> %m8_11, ptr %gep3, align 16
  store <4 x float> %m12_15, ptr %gep4, align 16
  ret void
}

define void @tgt(ptr %ptr) {
entry:
  %gep1 = getelementptr inbounds <4 x float>, ptr %ptr, i64 2
  %gep2 = getelementptr inbounds <4 x float>, ptr %ptr, i64 3
  %gep3 = getelementptr inbounds <4 x float>, ptr %ptr, i64 4
  %gep4 = getelementptr inbounds <4 x float>, ptr %ptr, i64 5
  %0 = load <16 x float>, ptr %gep1, align 16
  %1 = shufflevector <16 x float> %0, <16 x float> poison, <4 x i32> <i32 0, i32 4, i32 8, i32 12>
  %2 = shufflevector <16 x float> %0, <16 x float> poison, <4 x i32> <i32 1, i32 5, i32 9, i32 13>
  %3 = shufflevector <16 x float> %0, <16 x float> poison, <4 x i32> <i32 2, i32 6, i32 10, i32 14>
  %4 = shufflevector <16 x float> %0, <16 x float> poison, <4 x i32> <i32 3, i32 7, i32 11, i32 15>
  store <4 x float> %1, ptr %gep1, align 16
  store <4 x float> %2, ptr %gep2, align 16
  store <4 x float> %3, ptr %gep3, align 16
  store <4 x float> %4, ptr %gep4, align 16
  ret void
}

