; ERROR: Value mismatch
; The little-endian reading of a big-endian module's memory.
target datalayout = "E-m:e-i64:64-n32:64"

define i8 @src(ptr %p) {
  store i32 305419896, ptr %p
  %b = load i8, ptr %p
  ret i8 %b
}

define i8 @tgt(ptr %p) {
  store i32 305419896, ptr %p
  ret i8 120
}
