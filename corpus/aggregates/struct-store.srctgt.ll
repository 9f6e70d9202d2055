; A whole struct stored, its fields loaded back: they are the fields (SROA's rewrite).
define i32 @src({ i8, i32 } noundef %s, ptr %p) {
  store { i8, i32 } %s, ptr %p
  %q = getelementptr inbounds i8, ptr %p, i64 4
  %b = load i32, ptr %q
  %a = load i8, ptr %p
  %w = zext i8 %a to i32
  %r = add i32 %w, %b
  ret i32 %r
}

define i32 @tgt({ i8, i32 } noundef %s, ptr %p) {
  store { i8, i32 } %s, ptr %p
  %a = extractvalue { i8, i32 } %s, 0
  %b = extractvalue { i8, i32 } %s, 1
  %w = zext i8 %a to i32
  %r = add i32 %w, %b
  ret i32 %r
}
