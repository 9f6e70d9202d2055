; Calls that read and write memory, on one arm and after the merge, with stores and a
; load around them, against itself. alive-tv: correct.
declare void @g(ptr)

define i8 @src(ptr %p, i1 %c) {
entry:
  store i8 1, ptr %p
  br i1 %c, label %then, label %merge
then:
  call void @g(ptr %p)
  store i8 2, ptr %p
  br label %merge
merge:
  call void @g(ptr %p)
  %v = load i8, ptr %p
  ret i8 %v
}


define i8 @tgt(ptr %p, i1 %c) {
entry:
  store i8 1, ptr %p
  br i1 %c, label %then, label %merge
then:
  call void @g(ptr %p)
  store i8 2, ptr %p
  br label %merge
merge:
  call void @g(ptr %p)
  %v = load i8, ptr %p
  ret i8 %v
}
