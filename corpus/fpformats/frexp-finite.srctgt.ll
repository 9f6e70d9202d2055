; frexp's mantissa is below 1.0 in magnitude exactly when x is finite (a zero gives
; itself, an infinity or a NaN gives itself).
define i1 @src(float %x) {
  %r = call { float, i32 } @llvm.frexp.f32.i32(float %x)
  %m = extractvalue { float, i32 } %r, 0
  %a = call float @llvm.fabs.f32(float %m)
  %c = fcmp olt float %a, 1.0
  ret i1 %c
}

define i1 @tgt(float %x) {
  %a = call float @llvm.fabs.f32(float %x)
  %c = fcmp one float %a, 0x7FF0000000000000
  ret i1 %c
}
