; A call-site `align(4) noundef` argument: a misaligned pointer is poison (align), and
; poison is UB with noundef, so after the call the pointer is 4-aligned and the load may
; say so. (Was a false alarm: noundef was checked before align made the pointer
; poison.) alive-tv: correct.
define void @src(ptr %p) {
  call void @g(ptr align(4) noundef %p)
  %v = load i8, ptr %p
  ret void
}

define void @tgt(ptr %p) {
  call void @g(ptr align(4) noundef %p)
  %v = load i8, ptr %p, align 4
  ret void
}

declare void @g(ptr)
