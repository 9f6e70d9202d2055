; ERROR: Value mismatch
; %p moved by the difference of the two addresses has %q's address but %p's block:
; it is not %q (Alive2 found this in InstCombine, LLVM PR44403).
define ptr @src(ptr %p, ptr %q) {
  %i = ptrtoint ptr %p to i64
  %j = ptrtoint ptr %q to i64
  %diff = sub i64 %j, %i
  %r = getelementptr i8, ptr %p, i64 %diff
  ret ptr %r
}

define ptr @tgt(ptr %p, ptr %q) {
  ret ptr %q
}
