; Issue 9: a value computed from undef is undef at each of its uses (LangRef), so the
; source's xor of %y with itself may be anything, as the target's may. alive-tv: correct.
define i8 @src(i8 %x) {
  %y = add i8 %x, 0
  %r = xor i8 %y, %y
  ret i8 %r
}

define i8 @tgt(i8 %x) {
  %r = xor i8 %x, %x
  ret i8 %r
}
