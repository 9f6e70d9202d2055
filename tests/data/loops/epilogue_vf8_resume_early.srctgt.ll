; A loop incrementing an array in place and LoopVectorize's output for it with a
; vectorized epilogue (opt-22 -passes=loop-vectorize -force-vector-interleave=1
; -epilogue-vectorization-force-VF=4, target-cpu haswell: a vector loop of 8 lanes, an
; epilogue vector loop of 4 resumed from it, then the scalar remainder); MUTANT: the epilogue resumes 4
; elements before where the main vector loop stopped (those are incremented twice): refuted

define void @src(ptr %a, i64 %n) {
entry:
  %cmp = icmp sgt i64 %n, 0
  br i1 %cmp, label %loop, label %exit
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, 1
  store i32 %w, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define void @tgt(ptr %a, i64 %n) {
entry:
  %cmp = icmp sgt i64 %n, 0
  br i1 %cmp, label %iter.check, label %exit

iter.check:                                       ; preds = %entry
  %min.iters.check = icmp ult i64 %n, 4
  br i1 %min.iters.check, label %vec.epilog.scalar.ph, label %vector.main.loop.iter.check

vector.main.loop.iter.check:                      ; preds = %iter.check
  %min.iters.check1 = icmp ult i64 %n, 8
  br i1 %min.iters.check1, label %vec.epilog.ph, label %vector.ph

vector.ph:                                        ; preds = %vector.main.loop.iter.check
  %n.mod.vf = urem i64 %n, 8
  %n.vec = sub i64 %n, %n.mod.vf
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %0 = getelementptr inbounds i32, ptr %a, i64 %index
  %wide.load = load <8 x i32>, ptr %0, align 4
  %1 = add <8 x i32> %wide.load, splat (i32 1)
  store <8 x i32> %1, ptr %0, align 4
  %index.next = add nuw i64 %index, 8
  %2 = icmp eq i64 %index.next, %n.vec
  br i1 %2, label %middle.block, label %vector.body

middle.block:                                     ; preds = %vector.body
  %cmp.n = icmp eq i64 %n, %n.vec
  br i1 %cmp.n, label %exit.loopexit, label %vec.epilog.iter.check

vec.epilog.iter.check:                            ; preds = %middle.block
  %n.vec.early = sub i64 %n.vec, 4
  %min.epilog.iters.check = icmp ult i64 %n.mod.vf, 4
  br i1 %min.epilog.iters.check, label %vec.epilog.scalar.ph, label %vec.epilog.ph

vec.epilog.ph:                                    ; preds = %vector.main.loop.iter.check, %vec.epilog.iter.check
  %vec.epilog.resume.val = phi i64 [ %n.vec.early, %vec.epilog.iter.check ], [ 0, %vector.main.loop.iter.check ]
  %n.mod.vf2 = urem i64 %n, 4
  %n.vec3 = sub i64 %n, %n.mod.vf2
  br label %vec.epilog.vector.body

vec.epilog.vector.body:                           ; preds = %vec.epilog.vector.body, %vec.epilog.ph
  %index4 = phi i64 [ %vec.epilog.resume.val, %vec.epilog.ph ], [ %index.next6, %vec.epilog.vector.body ]
  %3 = getelementptr inbounds i32, ptr %a, i64 %index4
  %wide.load5 = load <4 x i32>, ptr %3, align 4
  %4 = add <4 x i32> %wide.load5, splat (i32 1)
  store <4 x i32> %4, ptr %3, align 4
  %index.next6 = add nuw i64 %index4, 4
  %5 = icmp eq i64 %index.next6, %n.vec3
  br i1 %5, label %vec.epilog.middle.block, label %vec.epilog.vector.body

vec.epilog.middle.block:                          ; preds = %vec.epilog.vector.body
  %cmp.n7 = icmp eq i64 %n, %n.vec3
  br i1 %cmp.n7, label %exit.loopexit, label %vec.epilog.scalar.ph

vec.epilog.scalar.ph:                             ; preds = %iter.check, %vec.epilog.iter.check, %vec.epilog.middle.block
  %bc.resume.val = phi i64 [ %n.vec3, %vec.epilog.middle.block ], [ %n.vec, %vec.epilog.iter.check ], [ 0, %iter.check ]
  br label %loop

loop:                                             ; preds = %vec.epilog.scalar.ph, %loop
  %i = phi i64 [ %i.next, %loop ], [ %bc.resume.val, %vec.epilog.scalar.ph ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, 1
  store i32 %w, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit.loopexit, label %loop

exit.loopexit:                                    ; preds = %vec.epilog.middle.block, %middle.block, %loop
  br label %exit

exit:                                             ; preds = %exit.loopexit, %entry
  ret void
}
