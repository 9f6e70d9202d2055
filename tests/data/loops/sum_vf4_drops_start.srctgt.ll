; A loop and LoopVectorize's output for it (opt-22 -passes=loop-vectorize -force-vector-width=4
; -force-vector-interleave=1); mutant: the reduction drops its start value

define i32 @src(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %s = phi i32 [7, %entry], [%s.next, %loop]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %s.next = add i32 %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}

define i32 @tgt(ptr noalias %a, i64 %n) {
entry:
  %min.iters.check = icmp ult i64 %n, 4
  br i1 %min.iters.check, label %scalar.ph, label %vector.ph

vector.ph:                                        ; preds = %entry
  %n.mod.vf = urem i64 %n, 4
  %n.vec = sub i64 %n, %n.mod.vf
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %vec.phi = phi <4 x i32> [ zeroinitializer, %vector.ph ], [ %1, %vector.body ]
  %0 = getelementptr inbounds i32, ptr %a, i64 %index
  %wide.load = load <4 x i32>, ptr %0, align 4
  %1 = add <4 x i32> %vec.phi, %wide.load
  %index.next = add nuw i64 %index, 4
  %2 = icmp eq i64 %index.next, %n.vec
  br i1 %2, label %middle.block, label %vector.body

middle.block:                                     ; preds = %vector.body
  %3 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %1)
  %cmp.n = icmp eq i64 %n, %n.vec
  br i1 %cmp.n, label %exit, label %scalar.ph

scalar.ph:                                        ; preds = %entry, %middle.block
  %bc.resume.val = phi i64 [ %n.vec, %middle.block ], [ 0, %entry ]
  %bc.merge.rdx = phi i32 [ %3, %middle.block ], [ 7, %entry ]
  br label %loop

loop:                                             ; preds = %scalar.ph, %loop
  %i = phi i64 [ %bc.resume.val, %scalar.ph ], [ %i.next, %loop ]
  %s = phi i32 [ %bc.merge.rdx, %scalar.ph ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %s.next = add i32 %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:                                             ; preds = %middle.block, %loop
  %s.next.lcssa = phi i32 [ %s.next, %loop ], [ %3, %middle.block ]
  ret i32 %s.next.lcssa
}

declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
