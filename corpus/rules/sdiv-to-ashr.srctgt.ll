; Known false: sdiv rounds toward zero, ashr toward negative infinity (X = -1).
define i32 @src(i32 %x) {
  %r = sdiv i32 %x, 4
  ret i32 %r
}

define i32 @tgt(i32 %x) {
  %r = ashr i32 %x, 2
  ret i32 %r
}

; ERROR: Value mismatch
