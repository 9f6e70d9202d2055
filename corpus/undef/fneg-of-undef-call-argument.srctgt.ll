; fsub -0.0, %x against fneg %x, passed to an unknown function: with %x undef both pass an
; undef value, on which the callee may be UB. The source hides it where both of its
; undef reads are NaNs (one NaN choice makes them alike): a source execution whose two
; reads differ and are not both NaN shows it (the dependence copy's complement pick).
; From Alive2's fp/fneg.srctgt.ll, with float. alive-tv: correct.
declare void @fn(float)

define void @src(float %x) {
  %s = fsub float -0.0, %x
  call void @fn(float %s)
  ret void
}

define void @tgt(float %x) {
  %s = fneg float %x
  call void @fn(float %s)
  ret void
}
