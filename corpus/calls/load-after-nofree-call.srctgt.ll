; As load-after-call-may-free-fail, with a nofree callee: the object is still alive after
; the call, and loading it again is defined. alive-tv: correct.
declare void @f(ptr) nofree

define i8 @src(ptr %p) {
  %v = load i8, ptr %p
  call void @f(ptr %p)
  ret i8 %v
}

define i8 @tgt(ptr %p) {
  %v = load i8, ptr %p
  call void @f(ptr %p)
  %w = load i8, ptr %p
  ret i8 %v
}
