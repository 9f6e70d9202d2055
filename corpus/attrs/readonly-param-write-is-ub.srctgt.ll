; Writing through a readonly parameter is UB (LangRef), so the source's arm that does
; may become unreachable. alive-tv: correct.
define i8 @src(ptr readonly %p, i1 %c) {
  br i1 %c, label %w, label %r
w:
  store i8 0, ptr %p
  ret i8 1
r:
  %v = load i8, ptr %p
  ret i8 %v
}

define i8 @tgt(ptr readonly %p, i1 %c) {
  br i1 %c, label %w, label %r
w:
  unreachable
r:
  %v = load i8, ptr %p
  ret i8 %v
}
