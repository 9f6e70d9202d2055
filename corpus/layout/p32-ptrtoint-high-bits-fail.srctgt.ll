; ERROR: Value mismatch
; With 32-bit pointers the address's top bit may be set.
target datalayout = "e-p:32:32"

define i64 @src(ptr %p) {
  %a = ptrtoint ptr %p to i64
  %h = lshr i64 %a, 31
  ret i64 %h
}

define i64 @tgt(ptr %p) {
  ret i64 0
}
