; Two diamonds in a row, each with a call on one arm, and calls after each merge,
; against itself. alive-tv: correct.
declare void @use(i8)

define void @src(i8 %x, i1 %c, i1 %d) {
entry:
  br i1 %c, label %a, label %m1
a:
  call void @use(i8 %x)
  br label %m1
m1:
  call void @use(i8 1)
  br i1 %d, label %b, label %m2
b:
  call void @use(i8 %x)
  br label %m2
m2:
  call void @use(i8 %x)
  ret void
}


define void @tgt(i8 %x, i1 %c, i1 %d) {
entry:
  br i1 %c, label %a, label %m1
a:
  call void @use(i8 %x)
  br label %m1
m1:
  call void @use(i8 1)
  br i1 %d, label %b, label %m2
b:
  call void @use(i8 %x)
  br label %m2
m2:
  call void @use(i8 %x)
  ret void
}
