; ... and adding them there is correct too: they are no licence on these instructions.
define float @src(float %x, float %y) {
  %m = fmul float %x, %y
  %s = fadd float %m, %y
  ret float %s
}

define float @tgt(float %x, float %y) {
  %m = fmul arcp afn float %x, %y
  %s = fadd arcp afn float %m, %y
  ret float %s
}
