; epilogue_sum_vf2uf2 with the epilogue entered with the start value 1 where the main
; loop is skipped (trip counts 2 and 3 go through it): the sum is one too large there.
; The `bypass start` obligation fails with a counterexample; refuted at trip count 2 and
; replayed natively

define i32 @src(ptr %a, i64 %n) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %pa, align 4
  %s.next = add i32 %s, %x
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}

define i32 @tgt(ptr %a, i64 %n) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %iter.check, label %exit

iter.check:                                       ; preds = %entry
  %min.iters.check = icmp ult i64 %n, 2
  br i1 %min.iters.check, label %vec.epilog.scalar.ph, label %vector.main.loop.iter.check

vector.main.loop.iter.check:                      ; preds = %iter.check
  %min.iters.check1 = icmp ult i64 %n, 4
  br i1 %min.iters.check1, label %vec.epilog.ph, label %vector.ph

vector.ph:                                        ; preds = %vector.main.loop.iter.check
  %n.mod.vf = urem i64 %n, 4
  %n.vec = sub i64 %n, %n.mod.vf
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %vec.phi = phi <2 x i32> [ zeroinitializer, %vector.ph ], [ %2, %vector.body ]
  %vec.phi2 = phi <2 x i32> [ zeroinitializer, %vector.ph ], [ %3, %vector.body ]
  %0 = getelementptr inbounds i32, ptr %a, i64 %index
  %1 = getelementptr inbounds i32, ptr %0, i64 2
  %wide.load = load <2 x i32>, ptr %0, align 4
  %wide.load3 = load <2 x i32>, ptr %1, align 4
  %2 = add <2 x i32> %vec.phi, %wide.load
  %3 = add <2 x i32> %vec.phi2, %wide.load3
  %index.next = add nuw i64 %index, 4
  %4 = icmp eq i64 %index.next, %n.vec
  br i1 %4, label %middle.block, label %vector.body

middle.block:                                     ; preds = %vector.body
  %bin.rdx = add <2 x i32> %3, %2
  %5 = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %bin.rdx)
  %cmp.n = icmp eq i64 %n, %n.vec
  br i1 %cmp.n, label %exit.loopexit, label %vec.epilog.iter.check

vec.epilog.iter.check:                            ; preds = %middle.block
  %min.epilog.iters.check = icmp ult i64 %n.mod.vf, 2
  br i1 %min.epilog.iters.check, label %vec.epilog.scalar.ph, label %vec.epilog.ph

vec.epilog.ph:                                    ; preds = %vector.main.loop.iter.check, %vec.epilog.iter.check
  %vec.epilog.resume.val = phi i64 [ %n.vec, %vec.epilog.iter.check ], [ 0, %vector.main.loop.iter.check ]
  %bc.merge.rdx = phi i32 [ %5, %vec.epilog.iter.check ], [ 1, %vector.main.loop.iter.check ]
  %n.mod.vf4 = urem i64 %n, 2
  %n.vec5 = sub i64 %n, %n.mod.vf4
  %6 = insertelement <2 x i32> zeroinitializer, i32 %bc.merge.rdx, i32 0
  br label %vec.epilog.vector.body

vec.epilog.vector.body:                           ; preds = %vec.epilog.vector.body, %vec.epilog.ph
  %index6 = phi i64 [ %vec.epilog.resume.val, %vec.epilog.ph ], [ %index.next9, %vec.epilog.vector.body ]
  %vec.phi7 = phi <2 x i32> [ %6, %vec.epilog.ph ], [ %8, %vec.epilog.vector.body ]
  %7 = getelementptr inbounds i32, ptr %a, i64 %index6
  %wide.load8 = load <2 x i32>, ptr %7, align 4
  %8 = add <2 x i32> %vec.phi7, %wide.load8
  %index.next9 = add nuw i64 %index6, 2
  %9 = icmp eq i64 %index.next9, %n.vec5
  br i1 %9, label %vec.epilog.middle.block, label %vec.epilog.vector.body

vec.epilog.middle.block:                          ; preds = %vec.epilog.vector.body
  %10 = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %8)
  %cmp.n10 = icmp eq i64 %n, %n.vec5
  br i1 %cmp.n10, label %exit.loopexit, label %vec.epilog.scalar.ph

vec.epilog.scalar.ph:                             ; preds = %iter.check, %vec.epilog.iter.check, %vec.epilog.middle.block
  %bc.resume.val = phi i64 [ %n.vec5, %vec.epilog.middle.block ], [ %n.vec, %vec.epilog.iter.check ], [ 0, %iter.check ]
  %bc.merge.rdx11 = phi i32 [ %10, %vec.epilog.middle.block ], [ %5, %vec.epilog.iter.check ], [ 0, %iter.check ]
  br label %loop

loop:                                             ; preds = %vec.epilog.scalar.ph, %loop
  %i = phi i64 [ %i.next, %loop ], [ %bc.resume.val, %vec.epilog.scalar.ph ]
  %s = phi i32 [ %s.next, %loop ], [ %bc.merge.rdx11, %vec.epilog.scalar.ph ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %pa, align 4
  %s.next = add i32 %s, %x
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit.loopexit, label %loop

exit.loopexit:                                    ; preds = %vec.epilog.middle.block, %middle.block, %loop
  %s.next.lcssa = phi i32 [ %s.next, %loop ], [ %5, %middle.block ], [ %10, %vec.epilog.middle.block ]
  br label %exit

exit:                                             ; preds = %exit.loopexit, %entry
  %r = phi i32 [ 0, %entry ], [ %s.next.lcssa, %exit.loopexit ]
  ret i32 %r
}

declare i32 @llvm.vector.reduce.add.v2i32(<2 x i32>)
