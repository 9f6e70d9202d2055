; The converse of gep-inbounds-variable-steps-fail: two inbounds steps joined into one
; drop a condition (the address between them in bounds), so the target is less poisonous.
define ptr @src(ptr %p, i64 %i, i64 %j) {
  %q = getelementptr inbounds [2 x i32], ptr %p, i64 %i, i64 %j
  ret ptr %q
}

define ptr @tgt(ptr %p, i64 %i, i64 %j) {
  %a = shl nsw i64 %i, 3
  %b = shl nsw i64 %j, 2
  %o = add nsw i64 %a, %b
  %q = getelementptr inbounds i8, ptr %p, i64 %o
  ret ptr %q
}
