; ERROR: Value mismatch
; Without a target datalayout a module has LLVM's default layout, where an i64 is
; 4-byte aligned: the second field of { i32, i64 } is at offset 4, not x86-64's 8.
define ptr @src(ptr %p) {
  %q = getelementptr { i32, i64 }, ptr %p, i64 0, i32 1
  ret ptr %q
}

define ptr @tgt(ptr %p) {
  %q = getelementptr i8, ptr %p, i64 8
  ret ptr %q
}
