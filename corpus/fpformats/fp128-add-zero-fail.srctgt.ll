; ERROR: Value mismatch
; x + 0.0 is not x in fp128 either: -0.0 + 0.0 is +0.0.
define fp128 @src(fp128 noundef %x) {
  %r = fadd fp128 %x, 0xL00000000000000000000000000000000
  ret fp128 %r
}

define fp128 @tgt(fp128 noundef %x) {
  ret fp128 %x
}
