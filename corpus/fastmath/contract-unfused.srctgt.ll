; Dropping contract keeps one of the source's behaviours (not fusing).
define float @src(float %x, float %y, float %z) {
  %m = fmul contract float %x, %y
  %r = fadd contract float %m, %z
  ret float %r
}

define float @tgt(float %x, float %y, float %z) {
  %m = fmul float %x, %y
  %r = fadd float %m, %z
  ret float %r
}
