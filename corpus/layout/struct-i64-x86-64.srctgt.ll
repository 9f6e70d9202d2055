; x86-64's layout (as clang writes it): i64 8-byte aligned, the field at offset 8; an
; array of { i32, i64 } steps 16 bytes.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

define ptr @src(ptr %p, i64 %i) {
  %q = getelementptr [4 x { i32, i64 }], ptr %p, i64 0, i64 %i, i32 1
  ret ptr %q
}

define ptr @tgt(ptr %p, i64 %i) {
  %s = shl i64 %i, 4
  %a = getelementptr i8, ptr %p, i64 %s
  %q = getelementptr i8, ptr %a, i64 8
  ret ptr %q
}
