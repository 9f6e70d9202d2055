; With 32-bit pointers an address fits in 32 bits: its ptrtoint to i64 has no high bits.
target datalayout = "e-p:32:32"

define i64 @src(ptr %p) {
  %a = ptrtoint ptr %p to i64
  %h = lshr i64 %a, 32
  ret i64 %h
}

define i64 @tgt(ptr %p) {
  ret i64 0
}
