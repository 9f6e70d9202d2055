; The step of LLVM's @runtime_chk loop (LoopVectorize/X86/unroll-small-loops.ll: A[i] =
; B[i] * N on float), here at VF 4 x UF 1, as a straight-line pair in the form the inferred
; witness's step takes (index a noundef state; the runtime alias check A - B >=u 16 over
; ptrtoint an assumption of the source): four scalar iterations against one vector
; iteration. The source's loads of B[i+1..i+3] read through its stores to A[i..i+2] until
; the check rules that out: its loads, decided as they are made (aliasfacts.SourceReads),
; are the target's terms, so each lane's NaN choices pair up and every lane's memory part
; is decided by the simplifier (before: by Z3, 2-17 s each for the 16 lanes of VF 4 x UF 4).
; Derived from LLVM's test: see README.md beside this file.
define void @src(ptr %A, ptr %B, float %N, i64 noundef %i) {
  %A1 = ptrtoint ptr %A to i64
  %B2 = ptrtoint ptr %B to i64
  %d = sub i64 %A1, %B2
  %k = icmp uge i64 %d, 16
  call void @llvm.assume(i1 %k)
  %i0 = add nuw nsw i64 %i, 0
  %pb0 = getelementptr inbounds float, ptr %B, i64 %i0
  %b0 = load float, ptr %pb0, align 4
  %m0 = fmul float %b0, %N
  %pa0 = getelementptr inbounds float, ptr %A, i64 %i0
  store float %m0, ptr %pa0, align 4
  %i1 = add nuw nsw i64 %i, 1
  %pb1 = getelementptr inbounds float, ptr %B, i64 %i1
  %b1 = load float, ptr %pb1, align 4
  %m1 = fmul float %b1, %N
  %pa1 = getelementptr inbounds float, ptr %A, i64 %i1
  store float %m1, ptr %pa1, align 4
  %i2 = add nuw nsw i64 %i, 2
  %pb2 = getelementptr inbounds float, ptr %B, i64 %i2
  %b2 = load float, ptr %pb2, align 4
  %m2 = fmul float %b2, %N
  %pa2 = getelementptr inbounds float, ptr %A, i64 %i2
  store float %m2, ptr %pa2, align 4
  %i3 = add nuw nsw i64 %i, 3
  %pb3 = getelementptr inbounds float, ptr %B, i64 %i3
  %b3 = load float, ptr %pb3, align 4
  %m3 = fmul float %b3, %N
  %pa3 = getelementptr inbounds float, ptr %A, i64 %i3
  store float %m3, ptr %pa3, align 4
  ret void
}

define void @tgt(ptr %A, ptr %B, float %N, i64 noundef %i) {
  %ins = insertelement <4 x float> poison, float %N, i64 0
  %splat = shufflevector <4 x float> %ins, <4 x float> poison, <4 x i32> zeroinitializer
  %pb = getelementptr inbounds float, ptr %B, i64 %i
  %wide.load = load <4 x float>, ptr %pb, align 4
  %m = fmul <4 x float> %wide.load, %splat
  %pa = getelementptr inbounds float, ptr %A, i64 %i
  store <4 x float> %m, ptr %pa, align 4
  ret void
}

declare void @llvm.assume(i1)
