; The same fusion lane by lane, as llvm.fmuladd (fused or not: both are the source's).
define <4 x float> @src(<4 x float> %x, <4 x float> %y, <4 x float> %z) {
  %m = fmul contract <4 x float> %x, %y
  %r = fadd contract <4 x float> %z, %m
  ret <4 x float> %r
}

define <4 x float> @tgt(<4 x float> %x, <4 x float> %y, <4 x float> %z) {
  %r = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %x, <4 x float> %y, <4 x float> %z)
  ret <4 x float> %r
}

declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>)
