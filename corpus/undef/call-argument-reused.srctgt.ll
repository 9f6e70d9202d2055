; A value computed from an undef argument, passed to two calls, against the argument
; passed to each: the callee may see a different value at each call either way.
; alive-tv: correct.
declare void @use(i8)

define void @src(i8 %x) {
  %y = add i8 %x, 0
  call void @use(i8 %y)
  call void @use(i8 %y)
  ret void
}

define void @tgt(i8 %x) {
  call void @use(i8 %x)
  call void @use(i8 %x)
  ret void
}
