; Stays wrong: with %x undef, x * 2 is even, x + x (two uses) may be odd; the source's
; value is not one value either, so alive-tv reports a value mismatch.
define i8 @src(i8 %x) {
  %r = mul i8 %x, 2
  ret i8 %r
}

define i8 @tgt(i8 %x) {
  %r = add i8 %x, %x
  ret i8 %r
}

; ERROR: Value mismatch
