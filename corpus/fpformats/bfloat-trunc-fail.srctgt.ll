; ERROR: Value mismatch
; fptrunc to bfloat rounds to nearest even; keeping the top 16 bits of the float
; rounds toward zero instead.
define bfloat @src(float %x) {
  %r = fptrunc float %x to bfloat
  ret bfloat %r
}

define bfloat @tgt(float %x) {
  %i = bitcast float %x to i32
  %h = lshr i32 %i, 16
  %t = trunc i32 %h to i16
  %r = bitcast i16 %t to bfloat
  ret bfloat %r
}
