; ERROR: Value mismatch
; Only outputs are flushed here (preservesign|ieee): a subnormal input is compared as it
; is, so x == 0.0 is false for it while |x| < FLT_MIN is true.
define i1 @src(float %x) denormal_fpenv(preservesign|ieee) {
  %c = fcmp oeq float %x, 0.0
  ret i1 %c
}

define i1 @tgt(float %x) denormal_fpenv(preservesign|ieee) {
  %a = call float @llvm.fabs.f32(float %x)
  %c = fcmp olt float %a, 0x3810000000000000
  ret i1 %c
}

declare float @llvm.fabs.f32(float)
