; With subnormal inputs treated as zero (denormal_fpenv(preservesign): inputs and
; outputs), x == 0.0 may hold for a subnormal x, so it may become |x| < FLT_MIN
; (which holds for zeros and subnormals). The same fold in the IEEE mode is wrong
; (daz-compare-fail).
define i1 @src(float %x) denormal_fpenv(preservesign) {
  %c = fcmp oeq float %x, 0.0
  ret i1 %c
}

define i1 @tgt(float %x) denormal_fpenv(preservesign) {
  %a = call float @llvm.fabs.f32(float %x)
  %c = fcmp olt float %a, 0x3810000000000000
  ret i1 %c
}

declare float @llvm.fabs.f32(float)
