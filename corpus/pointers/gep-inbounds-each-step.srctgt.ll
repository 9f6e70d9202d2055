; getelementptr inbounds is in bounds at each step: with 8 dereferenceable bytes at %p,
; %p + 8 and then %p are, and the gep is %p.
define ptr @src(ptr dereferenceable(8) %p) {
  ret ptr %p
}

define ptr @tgt(ptr dereferenceable(8) %p) {
  %q = getelementptr inbounds [2 x i32], ptr %p, i64 1, i64 -2
  ret ptr %q
}
