; ERROR: Value mismatch
define i200 @src(i200 %x, i200 %y) {
  %r = lshr i200 %x, 130
  ret i200 %r
}

define i200 @tgt(i200 %x, i200 %y) {
  %r = ashr i200 %x, 130
  ret i200 %r
}
