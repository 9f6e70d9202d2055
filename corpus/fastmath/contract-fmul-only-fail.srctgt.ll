; ERROR: Value mismatch
; contract on the fmul alone licenses no fusion either.
define double @src(double %x, double %y, double %z) {
  %m = fmul contract double %x, %y
  %r = fadd double %m, %z
  ret double %r
}

define double @tgt(double %x, double %y, double %z) {
  %r = call double @llvm.fma.f64(double %x, double %y, double %z)
  ret double %r
}

declare double @llvm.fma.f64(double, double, double)
