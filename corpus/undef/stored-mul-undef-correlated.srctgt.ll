; A value stored whole keeps its bytes correlated: the two bytes of a stored
; `zext undef * 257` are equal at every load, so the loaded value (used once) is a
; multiple of 257. alive-tv: correct.
define i16 @src(ptr %p) {
  %w = zext i8 undef to i16
  %s = mul i16 %w, 257
  store i16 %s, ptr %p
  ret i16 0
}

define i16 @tgt(ptr %p) {
  %w = zext i8 undef to i16
  %s = mul i16 %w, 257
  store i16 %s, ptr %p
  %v = load i16, ptr %p, align 1
  %r = urem i16 %v, 257
  ret i16 %r
}
