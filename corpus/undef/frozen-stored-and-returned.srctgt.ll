; One frozen value stored and returned by the source; the target freezes twice, so what
; it stores and what it returns may differ. The per-byte copies of undef choices in the
; final memory leave a frozen value's choice alone: the whole outcome is one execution.
; ERROR: Value mismatch

define i8 @src(ptr noalias %p, i8 %x) {
  %f = freeze i8 %x
  store i8 %f, ptr %p
  ret i8 %f
}

define i8 @tgt(ptr noalias %p, i8 %x) {
  %f = freeze i8 %x
  %g = freeze i8 %x
  store i8 %f, ptr %p
  ret i8 %g
}
