; Every double is exactly an fp128: fpext then fptrunc gives the double back (NaNs
; keep their payload through a conversion, quieted or not).
define i1 @src(double %x) {
  %e = fpext double %x to fp128
  %c = fcmp oeq fp128 %e, 0xL00000000000000003FFF000000000000
  ret i1 %c
}

define i1 @tgt(double %x) {
  %c = fcmp oeq double %x, 1.0
  ret i1 %c
}
