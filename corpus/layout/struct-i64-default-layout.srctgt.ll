; LLVM's default layout (no target datalayout): the i64 field of { i32, i64 } at offset 4.
define ptr @src(ptr %p) {
  %q = getelementptr { i32, i64 }, ptr %p, i64 0, i32 1
  ret ptr %q
}

define ptr @tgt(ptr %p) {
  %q = getelementptr i8, ptr %p, i64 4
  ret ptr %q
}
