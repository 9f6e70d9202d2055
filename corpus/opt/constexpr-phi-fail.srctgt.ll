; A constant expression as a phi's incoming value, folded wrongly (the element before).
; ERROR: Value mismatch
@t = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]

define i32 @src(i1 %c) {
entry:
  br i1 %c, label %left, label %join

left:
  br label %join

join:
  %p = phi ptr [ getelementptr inbounds ([4 x i32], ptr @t, i64 0, i64 3), %left ], [ @t, %entry ]
  %v = load i32, ptr %p
  ret i32 %v
}

define i32 @tgt(i1 %c) {
  %r = select i1 %c, i32 3, i32 1
  ret i32 %r
}
