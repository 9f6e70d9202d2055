; Undef through a cast: %y's two uses may see different values of the undef %x, as
; the target's two truncations do. alive-tv: correct.
define i8 @src(i16 %x) {
  %y = trunc i16 %x to i8
  %r = sub i8 %y, %y
  ret i8 %r
}

define i8 @tgt(i16 %x) {
  %a = trunc i16 %x to i8
  %b = trunc i16 %x to i8
  %r = sub i8 %a, %b
  ret i8 %r
}
