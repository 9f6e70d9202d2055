; A pointer's address is its block's address plus its offset: moving the pointer by 4
; bytes moves its address by 4.
define i64 @src(ptr %p) {
  %q = getelementptr inbounds i8, ptr %p, i64 4
  %a = ptrtoint ptr %q to i64
  ret i64 %a
}

define i64 @tgt(ptr %p) {
  %a = ptrtoint ptr %p to i64
  %r = add i64 %a, 4
  ret i64 %r
}
