; A call that does not return on one arm, a call on the other and after the merge,
; against itself. alive-tv: correct.
declare void @use(i8)
declare void @stop() noreturn

define void @src(i8 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  call void @stop()
  unreachable
else:
  call void @use(i8 %x)
  br label %merge
merge:
  call void @use(i8 %x)
  ret void
}


define void @tgt(i8 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  call void @stop()
  unreachable
else:
  call void @use(i8 %x)
  br label %merge
merge:
  call void @use(i8 %x)
  ret void
}
