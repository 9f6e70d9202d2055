; ERROR: Value mismatch
; Without contract, fusing into llvm.fma changes the rounding.
define double @src(double %x, double %y, double %z) {
  %m = fmul double %x, %y
  %r = fadd double %m, %z
  ret double %r
}

define double @tgt(double %x, double %y, double %z) {
  %r = call double @llvm.fma.f64(double %x, double %y, double %z)
  ret double %r
}

declare double @llvm.fma.f64(double, double, double)
