; fsub contract: z - x*y fused is fma(-x, y, z).
define double @src(double %x, double %y, double %z) {
  %m = fmul contract double %x, %y
  %a = fsub contract double %z, %m
  ret double %a
}

define double @tgt(double %x, double %y, double %z) {
  %nx = fneg double %x
  %a = call double @llvm.fma.f64(double %nx, double %y, double %z)
  ret double %a
}

declare double @llvm.fma.f64(double, double, double)
