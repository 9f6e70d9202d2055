; RUN: opt -passes=loop-vectorize -S < %s | FileCheck %s

target triple = "aarch64-unknown-linux-gnu"

define void @trip7_i64(ptr noalias nocapture noundef %dst, ptr noalias nocapture noundef readonly %src) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep.src = getelementptr inbounds i64, ptr %src, i64 %iv
  %0 = load i64, ptr %gep.src, align 8
  %mul = shl nsw i64 %0, 1
  %gep.dst = getelementptr inbounds i64, ptr %dst, i64 %iv
  %1 = load i64, ptr %gep.dst, align 8
  %add = add nsw i64 %1, %mul
  store i64 %add, ptr %gep.dst, align 8
  %iv.next = add nuw nsw i64 %iv, 1
  %ec = icmp eq i64 %iv.next, 7
  br i1 %ec, label %exit, label %loop

exit:
  ret void
}

define void @trip5_i8(ptr noalias nocapture noundef %dst, ptr noalias nocapture noundef readonly %src) #0 {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep.src = getelementptr inbounds i8, ptr %src, i64 %iv
  %0 = load i8, ptr %gep.src, align 1
  %mul = shl i8 %0, 1
  %gep.dst = getelementptr inbounds i8, ptr %dst, i64 %iv
  %1 = load i8, ptr %gep.dst, align 1
  %add = add i8 %mul, %1
  store i8 %add, ptr %gep.dst, align 1
  %iv.next = add nuw nsw i64 %iv, 1
  %ec = icmp eq i64 %iv.next, 5
  br i1 %ec, label %exit, label %loop

exit:
  ret void
}

attributes #0 = { vscale_range(1,16) "target-features"="+sve" }
