; ERROR: Mismatch in memory
; Storing the struct leaves its three padding bytes undef (LangRef), where the source
; wrote zeros there: the target's memory is more undefined.
define void @src(i8 %a, i32 %b, ptr %p) {
  %w = zext i8 %a to i32
  store i32 %w, ptr %p
  %q = getelementptr inbounds i8, ptr %p, i64 4
  store i32 %b, ptr %q
  ret void
}

define void @tgt(i8 %a, i32 %b, ptr %p) {
  %s0 = insertvalue { i8, i32 } poison, i8 %a, 0
  %s = insertvalue { i8, i32 } %s0, i32 %b, 1
  store { i8, i32 } %s, ptr %p
  ret void
}
