; The same call on both arms, hoisted above the branch: the target's call is the
; source's call on either path. alive-tv: correct.
declare void @use(i8)

define void @src(i8 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  call void @use(i8 %x)
  br label %merge
else:
  call void @use(i8 %x)
  br label %merge
merge:
  ret void
}

define void @tgt(i8 %x, i1 %c) {
entry:
  call void @use(i8 %x)
  ret void
}
