; A call in a loop, and one after it, against itself. alive-tv: correct.
declare void @use(i8)

define void @src(i8 noundef %n) {
entry:
  br label %loop
loop:
  %i = phi i8 [ 0, %entry ], [ %j, %loop ]
  call void @use(i8 %i)
  %j = add i8 %i, 1
  %c = icmp ult i8 %j, %n
  br i1 %c, label %loop, label %exit
exit:
  call void @use(i8 %n)
  ret void
}


define void @tgt(i8 noundef %n) {
entry:
  br label %loop
loop:
  %i = phi i8 [ 0, %entry ], [ %j, %loop ]
  call void @use(i8 %i)
  %j = add i8 %i, 1
  %c = icmp ult i8 %j, %n
  br i1 %c, label %loop, label %exit
exit:
  call void @use(i8 %n)
  ret void
}
