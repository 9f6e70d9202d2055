; fsub contract: x*y - z fused is fma(x, y, -z).
define double @src(double %x, double %y, double %z) {
  %m = fmul contract double %x, %y
  %b = fsub contract double %m, %z
  ret double %b
}

define double @tgt(double %x, double %y, double %z) {
  %nz = fneg double %z
  %b = call double @llvm.fma.f64(double %x, double %y, double %nz)
  ret double %b
}

declare double @llvm.fma.f64(double, double, double)
