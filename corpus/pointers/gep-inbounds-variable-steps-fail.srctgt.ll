; ERROR: Target is more poisonous than source
; Splitting an inbounds offset into two indices: the address after the first one must be
; in bounds too (LangRef: "at each step"), which the source's single step never asks.
define ptr @src(ptr %p, i64 %i, i64 %j) {
  %a = shl nsw i64 %i, 3
  %b = shl nsw i64 %j, 2
  %o = add nsw i64 %a, %b
  %q = getelementptr inbounds i8, ptr %p, i64 %o
  ret ptr %q
}

define ptr @tgt(ptr %p, i64 %i, i64 %j) {
  %q = getelementptr inbounds [2 x i32], ptr %p, i64 %i, i64 %j
  ret ptr %q
}
