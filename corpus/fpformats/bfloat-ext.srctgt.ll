; bfloat is the top half of a float: fpext is exact, so it is a shift of the bits
; (a NaN keeps its payload and quiet bit through a conversion).
define float @src(bfloat %x) {
  %r = fpext bfloat %x to float
  ret float %r
}

define float @tgt(bfloat %x) {
  %i = bitcast bfloat %x to i16
  %w = zext i16 %i to i32
  %s = shl i32 %w, 16
  %r = bitcast i32 %s to float
  ret float %r
}
