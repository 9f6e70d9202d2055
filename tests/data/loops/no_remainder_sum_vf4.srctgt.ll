; A sum of bytes of constant trip count 8 and LoopVectorize's output for it (opt-22
; -passes=loop-vectorize -force-vector-width=4 -force-vector-interleave=1): no scalar
; remainder (middle.block goes to the exit); proved for every trip count (reshape.py
; grafts the source's loop back as a remainder that is never entered)

define i32 @src(ptr noalias %a) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %s = phi i32 [0, %entry], [%s.next, %loop]
  %p = getelementptr inbounds i8, ptr %a, i64 %i
  %v = load i8, ptr %p, align 1
  %vx = zext i8 %v to i32
  %s.next = add i32 %s, %vx
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 8
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}

define i32 @tgt(ptr noalias %a) {
entry:
  br label %vector.ph

vector.ph:                                        ; preds = %entry
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %vec.phi = phi <4 x i32> [ zeroinitializer, %vector.ph ], [ %2, %vector.body ]
  %0 = getelementptr inbounds i8, ptr %a, i64 %index
  %wide.load = load <4 x i8>, ptr %0, align 1
  %1 = zext <4 x i8> %wide.load to <4 x i32>
  %2 = add <4 x i32> %vec.phi, %1
  %index.next = add nuw i64 %index, 4
  %3 = icmp eq i64 %index.next, 8
  br i1 %3, label %middle.block, label %vector.body

middle.block:                                     ; preds = %vector.body
  %4 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %2)
  br label %exit

exit:                                             ; preds = %middle.block
  ret i32 %4
}

declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
