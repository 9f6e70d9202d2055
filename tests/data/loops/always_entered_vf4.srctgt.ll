; The vector loop is always entered (no minimum-iterations check): @src is @example1 of
; llvm-project llvm/test/Transforms/LoopVectorize/non-const-n.ll (Apache-2.0 WITH
; LLVM-exception, see tests/data/llvm/README.md), @tgt what opt-22 -passes=loop-vectorize
; -force-vector-width=4 -force-vector-interleave=1 makes of it.

target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-f32:32:32-f64:64:64-v64:64:64-v128:128:128-a0:0:64-s0:64:64-f80:128:128-n8:16:32:64-S128"
@b = common global [2048 x i32] zeroinitializer, align 16
@c = common global [2048 x i32] zeroinitializer, align 16
@a = common global [2048 x i32] zeroinitializer, align 16

define void @src(i32 %n) {
entry:
  %n4 = shl i32 %n, 2
  br label %loop

loop:
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next, %loop ]
  %gep1 = getelementptr inbounds [2048 x i32], ptr @b, i64 0, i64 %indvars.iv
  %load1 = load i32, ptr %gep1, align 4
  %gep2 = getelementptr inbounds [2048 x i32], ptr @c, i64 0, i64 %indvars.iv
  %load2 = load i32, ptr %gep2, align 4
  %add = add nsw i32 %load2, %load1
  %gep3 = getelementptr inbounds [2048 x i32], ptr @a, i64 0, i64 %indvars.iv
  store i32 %add, ptr %gep3, align 4
  %indvars.iv.next = add i64 %indvars.iv, 1
  %lftr.wideiv = trunc i64 %indvars.iv.next to i32
  %exitcond = icmp eq i32 %lftr.wideiv, %n4
  br i1 %exitcond, label %exit, label %loop

exit:
  ret void
}

define void @tgt(i32 %n) {
entry:
  %n4 = shl i32 %n, 2
  %0 = add i32 %n4, -4
  %1 = zext i32 %0 to i64
  %2 = add nuw nsw i64 %1, 4
  br label %vector.ph

vector.ph:                                        ; preds = %entry
  %n.mod.vf = urem i64 %2, 4
  %n.vec = sub i64 %2, %n.mod.vf
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %3 = getelementptr inbounds [2048 x i32], ptr @b, i64 0, i64 %index
  %wide.load = load <4 x i32>, ptr %3, align 4
  %4 = getelementptr inbounds [2048 x i32], ptr @c, i64 0, i64 %index
  %wide.load1 = load <4 x i32>, ptr %4, align 4
  %5 = add nsw <4 x i32> %wide.load1, %wide.load
  %6 = getelementptr inbounds [2048 x i32], ptr @a, i64 0, i64 %index
  store <4 x i32> %5, ptr %6, align 4
  %index.next = add nuw i64 %index, 4
  %7 = icmp eq i64 %index.next, %n.vec
  br i1 %7, label %middle.block, label %vector.body

middle.block:                                     ; preds = %vector.body
  %cmp.n = icmp eq i64 %2, %n.vec
  br i1 %cmp.n, label %exit, label %scalar.ph

scalar.ph:                                        ; preds = %middle.block
  br label %loop

loop:                                             ; preds = %scalar.ph, %loop
  %indvars.iv = phi i64 [ %n.vec, %scalar.ph ], [ %indvars.iv.next, %loop ]
  %gep1 = getelementptr inbounds [2048 x i32], ptr @b, i64 0, i64 %indvars.iv
  %load1 = load i32, ptr %gep1, align 4
  %gep2 = getelementptr inbounds [2048 x i32], ptr @c, i64 0, i64 %indvars.iv
  %load2 = load i32, ptr %gep2, align 4
  %add = add nsw i32 %load2, %load1
  %gep3 = getelementptr inbounds [2048 x i32], ptr @a, i64 0, i64 %indvars.iv
  store i32 %add, ptr %gep3, align 4
  %indvars.iv.next = add i64 %indvars.iv, 1
  %lftr.wideiv = trunc i64 %indvars.iv.next to i32
  %exitcond = icmp eq i32 %lftr.wideiv, %n4
  br i1 %exitcond, label %exit, label %loop

exit:                                             ; preds = %middle.block, %loop
  ret void
}
