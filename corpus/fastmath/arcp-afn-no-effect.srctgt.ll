; arcp and afn change nothing on fadd, fmul, fneg, fcmp and select (LangRef gives them
; an effect only on divisions and math functions): dropping them is correct.
define float @src(float %x, float %y) {
  %m = fmul arcp afn float %x, %y
  %s = fadd arcp afn float %m, %y
  %n = fneg arcp float %s
  %c = fcmp afn olt float %n, %x
  %r = select arcp i1 %c, float %n, float %m
  ret float %r
}

define float @tgt(float %x, float %y) {
  %m = fmul float %x, %y
  %s = fadd float %m, %y
  %n = fneg float %s
  %c = fcmp olt float %n, %x
  %r = select i1 %c, float %n, float %m
  ret float %r
}
