; Issue 9: a call on one arm followed by one after the merge, checked against itself
; (the target's second call matched the source's first on the path where that one was
; never made). alive-tv: correct.
declare void @use(i8)

define void @src(i8 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %merge
then:
  call void @use(i8 %x)
  br label %merge
merge:
  call void @use(i8 %x)
  ret void
}


define void @tgt(i8 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %merge
then:
  call void @use(i8 %x)
  br label %merge
merge:
  call void @use(i8 %x)
  ret void
}
