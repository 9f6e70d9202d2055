; Memory holding undef: each use of a loaded undef byte may differ, so loading once and
; using twice is no more defined than loading twice. alive-tv: correct.
define i8 @src(ptr %p) {
  store i8 undef, ptr %p
  %a = load i8, ptr %p
  %r = xor i8 %a, %a
  ret i8 %r
}

define i8 @tgt(ptr %p) {
  store i8 undef, ptr %p
  %a = load i8, ptr %p
  %b = load i8, ptr %p
  %r = xor i8 %a, %b
  ret i8 %r
}
