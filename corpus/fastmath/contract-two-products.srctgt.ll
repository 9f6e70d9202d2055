; a*b + c*d with contract everywhere: either product may be the one fused (contract
; does not reassociate, so only one of them is).
define double @src(double %a, double %b, double %c, double %d) {
  %p = fmul contract double %a, %b
  %q = fmul contract double %c, %d
  %r = fadd contract double %p, %q
  ret double %r
}

define double @tgt(double %a, double %b, double %c, double %d) {
  %q = fmul double %c, %d
  %r = call double @llvm.fma.f64(double %a, double %b, double %q)
  ret double %r
}

declare double @llvm.fma.f64(double, double, double)
