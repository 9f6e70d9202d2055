; Calls on both arms and after the merge, against itself. alive-tv: correct.
declare i8 @f(i8)

define i8 @src(i8 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  %a = call i8 @f(i8 %x)
  br label %merge
else:
  %b = call i8 @f(i8 1)
  br label %merge
merge:
  %p = phi i8 [ %a, %then ], [ %b, %else ]
  %r = call i8 @f(i8 %p)
  ret i8 %r
}


define i8 @tgt(i8 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  %a = call i8 @f(i8 %x)
  br label %merge
else:
  %b = call i8 @f(i8 1)
  br label %merge
merge:
  %p = phi i8 [ %a, %then ], [ %b, %else ]
  %r = call i8 @f(i8 %p)
  ret i8 %r
}
