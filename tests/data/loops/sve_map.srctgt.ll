; A map loop (map_vf4's source) vectorized for SVE by opt-22 -passes=loop-vectorize
; -mtriple=aarch64-linux-gnu -mattr=+sve -force-vector-width=4 -force-vector-interleave=1
; -scalable-vectorization=on -prefer-predicate-over-epilogue=scalar-epilogue: steps of vscale x 4.

define void @src(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  %cmp = icmp sgt i64 %n, 0
  br i1 %cmp, label %loop, label %exit
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, 1
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %w, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define void @tgt(ptr noalias %a, ptr noalias %b, i64 %n) #0 {
entry:
  %cmp = icmp sgt i64 %n, 0
  br i1 %cmp, label %loop.preheader, label %exit

loop.preheader:                                   ; preds = %entry
  %0 = call i64 @llvm.vscale.i64()
  %1 = shl nuw i64 %0, 2
  %min.iters.check = icmp ult i64 %n, %1
  br i1 %min.iters.check, label %scalar.ph, label %vector.ph

vector.ph:                                        ; preds = %loop.preheader
  %2 = call i64 @llvm.vscale.i64()
  %3 = shl nuw i64 %2, 2
  %n.mod.vf = urem i64 %n, %3
  %n.vec = sub i64 %n, %n.mod.vf
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %4 = getelementptr inbounds i32, ptr %a, i64 %index
  %wide.load = load <vscale x 4 x i32>, ptr %4, align 4
  %5 = add <vscale x 4 x i32> %wide.load, splat (i32 1)
  %6 = getelementptr inbounds i32, ptr %b, i64 %index
  store <vscale x 4 x i32> %5, ptr %6, align 4
  %index.next = add nuw i64 %index, %3
  %7 = icmp eq i64 %index.next, %n.vec
  br i1 %7, label %middle.block, label %vector.body

middle.block:                                     ; preds = %vector.body
  %cmp.n = icmp eq i64 %n, %n.vec
  br i1 %cmp.n, label %exit.loopexit, label %scalar.ph

scalar.ph:                                        ; preds = %loop.preheader, %middle.block
  %bc.resume.val = phi i64 [ %n.vec, %middle.block ], [ 0, %loop.preheader ]
  br label %loop

loop:                                             ; preds = %scalar.ph, %loop
  %i = phi i64 [ %i.next, %loop ], [ %bc.resume.val, %scalar.ph ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, 1
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %w, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit.loopexit, label %loop

exit.loopexit:                                    ; preds = %middle.block, %loop
  br label %exit

exit:                                             ; preds = %exit.loopexit, %entry
  ret void
}
