; As fmuladd-lanes-stored, but the target stores poison in lane 3: a memory mismatch
; found in the part of the split memory query that holds that lane (splitting.py).
; ERROR: Mismatch in memory

define void @src(ptr noalias noundef %y, ptr noalias noundef %x, float noundef %a) {
  %x1 = getelementptr inbounds float, ptr %x, i64 1
  %x2 = getelementptr inbounds float, ptr %x, i64 2
  %x3 = getelementptr inbounds float, ptr %x, i64 3
  %y1 = getelementptr inbounds float, ptr %y, i64 1
  %y2 = getelementptr inbounds float, ptr %y, i64 2
  %y3 = getelementptr inbounds float, ptr %y, i64 3
  %v0 = load float, ptr %x, align 4
  %v1 = load float, ptr %x1, align 4
  %v2 = load float, ptr %x2, align 4
  %v3 = load float, ptr %x3, align 4
  %w0 = load float, ptr %y, align 4
  %w1 = load float, ptr %y1, align 4
  %w2 = load float, ptr %y2, align 4
  %w3 = load float, ptr %y3, align 4
  %r0 = call float @llvm.fmuladd.f32(float %a, float %v0, float %w0)
  %r1 = call float @llvm.fmuladd.f32(float %a, float %v1, float %w1)
  %r2 = call float @llvm.fmuladd.f32(float %a, float %v2, float %w2)
  %r3 = call float @llvm.fmuladd.f32(float %a, float %v3, float %w3)
  store float %r0, ptr %y, align 4
  store float %r1, ptr %y1, align 4
  store float %r2, ptr %y2, align 4
  store float %r3, ptr %y3, align 4
  ret void
}

define void @tgt(ptr noalias noundef %y, ptr noalias noundef %x, float noundef %a) {
  %v = load <4 x float>, ptr %x, align 4
  %w = load <4 x float>, ptr %y, align 4
  %s = insertelement <4 x float> poison, float %a, i32 0
  %splat = shufflevector <4 x float> %s, <4 x float> poison, <4 x i32> zeroinitializer
  %r = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %splat, <4 x float> %v, <4 x float> %w)
  %q = insertelement <4 x float> %r, float poison, i32 3
  store <4 x float> %q, ptr %y, align 4
  ret void
}

declare float @llvm.fmuladd.f32(float, float, float)
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>)
