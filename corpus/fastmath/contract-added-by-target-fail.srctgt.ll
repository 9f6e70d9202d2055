; ERROR: Value mismatch
; A target that adds contract may fuse where the source may not.
define float @src(float %x, float %y, float %z) {
  %m = fmul float %x, %y
  %r = fadd float %m, %z
  ret float %r
}

define float @tgt(float %x, float %y, float %z) {
  %m = fmul contract float %x, %y
  %r = fadd contract float %m, %z
  ret float %r
}
