; An i24 field is stored as 3 bytes; its fourth byte (up to the i8 field's offset 4) is
; padding: a store of the whole struct leaves it undef, whatever was written before.
define void @src(ptr %p, i24 %a, i8 %b) {
  %pad = getelementptr i8, ptr %p, i64 3
  store i8 0, ptr %pad
  %s0 = insertvalue { i24, i8 } poison, i24 %a, 0
  %s = insertvalue { i24, i8 } %s0, i8 %b, 1
  store { i24, i8 } %s, ptr %p
  ret void
}

define void @tgt(ptr %p, i24 %a, i8 %b) {
  %s0 = insertvalue { i24, i8 } poison, i24 %a, 0
  %s = insertvalue { i24, i8 } %s0, i8 %b, 1
  store { i24, i8 } %s, ptr %p
  ret void
}
