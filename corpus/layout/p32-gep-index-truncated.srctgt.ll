; With 32-bit pointers getelementptr computes at 32 bits: an index of 2^32 (truncated to
; the index width) does not move the pointer.
target datalayout = "e-p:32:32"

define ptr @src(ptr %p, i64 %i) {
  %j = add i64 %i, 4294967296
  %q = getelementptr i8, ptr %p, i64 %j
  ret ptr %q
}

define ptr @tgt(ptr %p, i64 %i) {
  %q = getelementptr i8, ptr %p, i64 %i
  ret ptr %q
}
