; A loop over bytes of constant trip count 18 and LoopVectorize's output for it (opt-22
; -passes=loop-vectorize -force-vector-width=4 -force-vector-interleave=1): the vector
; loop runs 4 times, and the scalar remainder resumes at the constant 16 (LLVM folded
; bc.resume.val = n.vec); MUTANT: the remainder resumes at 17
; (element 16 is left unwritten): refuted

define void @src(ptr noalias %a, ptr noalias %b) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %p = getelementptr inbounds i8, ptr %a, i64 %i
  %v = load i8, ptr %p, align 1
  %w = add i8 %v, 1
  %q = getelementptr inbounds i8, ptr %b, i64 %i
  store i8 %w, ptr %q, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 18
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define void @tgt(ptr noalias %a, ptr noalias %b) {
entry:
  br label %vector.ph

vector.ph:                                        ; preds = %entry
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %0 = getelementptr inbounds i8, ptr %a, i64 %index
  %wide.load = load <4 x i8>, ptr %0, align 1
  %1 = add <4 x i8> %wide.load, splat (i8 1)
  %2 = getelementptr inbounds i8, ptr %b, i64 %index
  store <4 x i8> %1, ptr %2, align 1
  %index.next = add nuw i64 %index, 4
  %3 = icmp eq i64 %index.next, 16
  br i1 %3, label %middle.block, label %vector.body

middle.block:                                     ; preds = %vector.body
  br label %scalar.ph

scalar.ph:                                        ; preds = %middle.block
  br label %loop

loop:                                             ; preds = %scalar.ph, %loop
  %i = phi i64 [ 17, %scalar.ph ], [ %i.next, %loop ]
  %p = getelementptr inbounds i8, ptr %a, i64 %i
  %v = load i8, ptr %p, align 1
  %w = add i8 %v, 1
  %q = getelementptr inbounds i8, ptr %b, i64 %i
  store i8 %w, ptr %q, align 1
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 18
  br i1 %c, label %exit, label %loop

exit:                                             ; preds = %loop
  ret void
}
