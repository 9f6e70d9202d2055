; ERROR: Value mismatch
; Doubling x adds one to frexp's exponent, but not for zero (its exponent stays 0).
define i32 @src(float noundef %x) {
  %d = fmul float %x, 2.0
  %r = call { float, i32 } @llvm.frexp.f32.i32(float %d)
  %e = extractvalue { float, i32 } %r, 1
  ret i32 %e
}

define i32 @tgt(float noundef %x) {
  %r = call { float, i32 } @llvm.frexp.f32.i32(float %x)
  %e = extractvalue { float, i32 } %r, 1
  %e1 = add i32 %e, 1
  ret i32 %e1
}
