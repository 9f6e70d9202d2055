; Flushing outputs to +0.0 (the float mode positivezero) lets a subnormal product be
; +0.0; the default mode (double here) keeps IEEE behaviour, so only the float
; multiplication may be folded.
define float @src(double %d) denormal_fpenv(ieee, float: positivezero) {
  %r = fmul float 0x3810000000000000, 0x3F00000000000000
  ret float %r
}

define float @tgt(double %d) denormal_fpenv(ieee, float: positivezero) {
  ret float 0.0
}
