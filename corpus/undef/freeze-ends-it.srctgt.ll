; freeze ends undef: a frozen value is one value at all its uses. alive-tv: correct.
define i8 @src(i8 %x) {
  %y = add i8 %x, 0
  %f = freeze i8 %y
  %r = xor i8 %f, %f
  ret i8 %r
}

define i8 @tgt(i8 %x) {
  ret i8 0
}
