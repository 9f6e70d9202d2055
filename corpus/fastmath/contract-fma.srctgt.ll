; fmul contract feeding fadd contract may be fused (LangRef, "Fast-Math Flags":
; contract allows fusing a multiply followed by an addition): llvm.fma is one of its
; behaviours.
define double @src(double %x, double %y, double %z) {
  %m = fmul contract double %x, %y
  %r = fadd contract double %m, %z
  ret double %r
}

define double @tgt(double %x, double %y, double %z) {
  %r = call double @llvm.fma.f64(double %x, double %y, double %z)
  ret double %r
}

declare double @llvm.fma.f64(double, double, double)
