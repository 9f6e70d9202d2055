; A loop and LoopVectorize's output for it (opt-22 -passes=loop-vectorize -force-vector-width=4
; -force-vector-interleave=1); mutant: the recurrence's splice mask one lane early

define void @src(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %prev = phi i32 [0, %entry], [%v, %loop]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %d = sub i32 %v, %prev
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %d, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define void @tgt(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  %min.iters.check = icmp ult i64 %n, 4
  br i1 %min.iters.check, label %scalar.ph, label %vector.ph

vector.ph:                                        ; preds = %entry
  %n.mod.vf = urem i64 %n, 4
  %n.vec = sub i64 %n, %n.mod.vf
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %vector.recur = phi <4 x i32> [ <i32 poison, i32 poison, i32 poison, i32 0>, %vector.ph ], [ %wide.load, %vector.body ]
  %0 = getelementptr inbounds i32, ptr %a, i64 %index
  %wide.load = load <4 x i32>, ptr %0, align 4
  %1 = shufflevector <4 x i32> %vector.recur, <4 x i32> %wide.load, <4 x i32> <i32 2, i32 3, i32 4, i32 5>
  %2 = sub <4 x i32> %wide.load, %1
  %3 = getelementptr inbounds i32, ptr %b, i64 %index
  store <4 x i32> %2, ptr %3, align 4
  %index.next = add nuw i64 %index, 4
  %4 = icmp eq i64 %index.next, %n.vec
  br i1 %4, label %middle.block, label %vector.body

middle.block:                                     ; preds = %vector.body
  %vector.recur.extract = extractelement <4 x i32> %wide.load, i32 3
  %cmp.n = icmp eq i64 %n, %n.vec
  br i1 %cmp.n, label %exit, label %scalar.ph

scalar.ph:                                        ; preds = %entry, %middle.block
  %bc.resume.val = phi i64 [ %n.vec, %middle.block ], [ 0, %entry ]
  %scalar.recur.init = phi i32 [ %vector.recur.extract, %middle.block ], [ 0, %entry ]
  br label %loop

loop:                                             ; preds = %scalar.ph, %loop
  %i = phi i64 [ %bc.resume.val, %scalar.ph ], [ %i.next, %loop ]
  %prev = phi i32 [ %scalar.recur.init, %scalar.ph ], [ %v, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %d = sub i32 %v, %prev
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %d, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:                                             ; preds = %middle.block, %loop
  ret void
}
