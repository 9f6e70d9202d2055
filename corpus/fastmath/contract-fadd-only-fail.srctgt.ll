; ERROR: Value mismatch
; contract on the fadd alone licenses no fusion: the product is rounded first.
define double @src(double %x, double %y, double %z) {
  %m = fmul double %x, %y
  %r = fadd contract double %m, %z
  ret double %r
}

define double @tgt(double %x, double %y, double %z) {
  %r = call double @llvm.fma.f64(double %x, double %y, double %z)
  ret double %r
}

declare double @llvm.fma.f64(double, double, double)
