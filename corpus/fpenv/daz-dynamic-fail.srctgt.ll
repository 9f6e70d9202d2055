; ERROR: Value mismatch
; A dynamic mode may be IEEE when the function runs: the fold of daz-compare is wrong.
define i1 @src(float %x) denormal_fpenv(dynamic) {
  %c = fcmp oeq float %x, 0.0
  ret i1 %c
}

define i1 @tgt(float %x) denormal_fpenv(dynamic) {
  %a = call float @llvm.fabs.f32(float %x)
  %c = fcmp olt float %a, 0x3810000000000000
  ret i1 %c
}

declare float @llvm.fabs.f32(float)
