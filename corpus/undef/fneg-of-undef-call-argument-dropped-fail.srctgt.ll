; As fneg-of-undef-call-argument, but the target passes %x itself: the callee sees
; another value whenever %x is not a NaN. alive-tv: the same error.
; ERROR: Source is more defined than target
declare void @fn(float)

define void @src(float %x) {
  %s = fsub float -0.0, %x
  call void @fn(float %s)
  ret void
}

define void @tgt(float %x) {
  call void @fn(float %x)
  ret void
}
