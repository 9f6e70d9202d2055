; a[i] = (i32) i (our own loop) and LoopVectorize's output for it at VF 4 x UF 2
; (opt-22 -passes=loop-vectorize -force-vector-width=4 -force-vector-interleave=2): the
; widened induction's back-edge value adds 4 twice (%step.add = %vec.ind + 4, one per
; part, then + 4 again), read as vec.ind = <0,1,2,3> + splat(index / 8) * (4 + 4);
; proved for every trip count (it was a free state, and the step refuted)

define void @src(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %v = trunc i64 %i to i32
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @tgt(ptr noalias %a, i64 %n) {
entry:
  %min.iters.check = icmp ult i64 %n, 8
  br i1 %min.iters.check, label %scalar.ph, label %vector.ph

vector.ph:                                        ; preds = %entry
  %n.mod.vf = urem i64 %n, 8
  %n.vec = sub i64 %n, %n.mod.vf
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %vec.ind = phi <4 x i32> [ <i32 0, i32 1, i32 2, i32 3>, %vector.ph ], [ %vec.ind.next, %vector.body ]
  %step.add = add <4 x i32> %vec.ind, splat (i32 4)
  %0 = getelementptr inbounds i32, ptr %a, i64 %index
  %1 = getelementptr inbounds i32, ptr %0, i64 4
  store <4 x i32> %vec.ind, ptr %0, align 4
  store <4 x i32> %step.add, ptr %1, align 4
  %index.next = add nuw i64 %index, 8
  %vec.ind.next = add <4 x i32> %step.add, splat (i32 4)
  %2 = icmp eq i64 %index.next, %n.vec
  br i1 %2, label %middle.block, label %vector.body

middle.block:                                     ; preds = %vector.body
  %cmp.n = icmp eq i64 %n, %n.vec
  br i1 %cmp.n, label %exit, label %scalar.ph

scalar.ph:                                        ; preds = %entry, %middle.block
  %bc.resume.val = phi i64 [ %n.vec, %middle.block ], [ 0, %entry ]
  br label %loop

loop:                                             ; preds = %scalar.ph, %loop
  %i = phi i64 [ %bc.resume.val, %scalar.ph ], [ %i.next, %loop ]
  %v = trunc i64 %i to i32
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:                                             ; preds = %middle.block, %loop
  ret void
}
