; Stays wrong: an add of the undef constant is undef at both uses, so the xor may be
; anything; the source returns 0.
define i8 @src() {
  ret i8 0
}

define i8 @tgt() {
  %y = add i8 undef, 0
  %r = xor i8 %y, %y
  ret i8 %r
}

; ERROR: Target's return value is more undefined
