; Stays wrong: the source freezes what it loaded (0 after the subtraction), the target
; subtracts two loads of an undef byte, which may differ.
define i8 @src(ptr %p) {
  store i8 undef, ptr %p
  %a = load i8, ptr %p
  %f = freeze i8 %a
  %r = sub i8 %f, %f
  ret i8 %r
}

define i8 @tgt(ptr %p) {
  store i8 undef, ptr %p
  %a = load i8, ptr %p
  %b = load i8, ptr %p
  %r = sub i8 %a, %b
  ret i8 %r
}

; ERROR: Target's return value is more undefined
