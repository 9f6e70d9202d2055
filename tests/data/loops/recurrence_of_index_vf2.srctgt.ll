; LLVM-derived (see README.md): X86/uniform-phi.ll @PR38786 with noalias
; pointers, target: opt-22 -passes=loop-vectorize -force-vector-width=2
; -force-vector-interleave=1 (its !llvm.loop metadata dropped). The vector loop's
; %vector.recur is a first-order recurrence of zext(index + k) values, and the scalar
; loop resumes %phi64 from zext(%index + 1 + 1) of the last vector iteration.
target datalayout = "e-m:o-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-apple-macosx10.8.0"

define void @src(ptr noalias %y, ptr noalias %x, i64 %n) {
entry:
  br label %for.body

for.body:
  %phi32 = phi i32 [ 0, %entry ], [ %i32next, %for.body ]
  %phi64 = phi i64 [ 0, %entry ], [ %i64next, %for.body ]
  %i32next = add i32 %phi32, 1
  %i64next = zext i32 %i32next to i64
  %xip = getelementptr inbounds double, ptr %x, i64 %i64next
  %yip = getelementptr inbounds double, ptr %y, i64 %phi64
  %xi = load double, ptr %xip, align 8
  store double %xi, ptr %yip, align 8
  %cmp = icmp slt i64 %i64next, %n
  br i1 %cmp, label %for.body, label %for.end

for.end:
  ret void
}

define void @tgt(ptr noalias %y, ptr noalias %x, i64 %n) {
entry:
  %smax1 = call i64 @llvm.smax.i64(i64 %n, i64 1)
  %0 = trunc i64 %smax1 to i32
  %min.iters.check = icmp ult i32 %0, 2
  br i1 %min.iters.check, label %scalar.ph, label %vector.scevcheck

vector.scevcheck:                                 ; preds = %entry
  %smax = call i64 @llvm.smax.i64(i64 %n, i64 1)
  %1 = add nsw i64 %smax, -1
  %2 = trunc i64 %1 to i32
  %3 = add i32 1, %2
  %4 = icmp ult i32 %3, 1
  %5 = icmp ugt i64 %1, 4294967295
  %6 = or i1 %4, %5
  br i1 %6, label %scalar.ph, label %vector.ph

vector.ph:                                        ; preds = %vector.scevcheck
  %n.mod.vf = urem i32 %0, 2
  %n.vec = sub i32 %0, %n.mod.vf
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i32 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %vector.recur = phi <2 x i64> [ <i64 poison, i64 0>, %vector.ph ], [ %14, %vector.body ]
  %7 = add i32 %index, 0
  %8 = add i32 %index, 1
  %9 = add i32 %7, 1
  %10 = add i32 %8, 1
  %11 = zext i32 %9 to i64
  %12 = zext i32 %10 to i64
  %13 = insertelement <2 x i64> poison, i64 %11, i32 0
  %14 = insertelement <2 x i64> %13, i64 %12, i32 1
  %15 = shufflevector <2 x i64> %vector.recur, <2 x i64> %14, <2 x i32> <i32 1, i32 2>
  %16 = getelementptr inbounds double, ptr %x, i64 %11
  %17 = extractelement <2 x i64> %15, i32 0
  %18 = getelementptr inbounds double, ptr %y, i64 %17
  %wide.load = load <2 x double>, ptr %16, align 8
  store <2 x double> %wide.load, ptr %18, align 8
  %index.next = add nuw i32 %index, 2
  %19 = icmp eq i32 %index.next, %n.vec
  br i1 %19, label %middle.block, label %vector.body

middle.block:                                     ; preds = %vector.body
  %cmp.n = icmp eq i32 %0, %n.vec
  br i1 %cmp.n, label %for.end, label %scalar.ph

scalar.ph:                                        ; preds = %vector.scevcheck, %entry, %middle.block
  %bc.resume.val = phi i32 [ %n.vec, %middle.block ], [ 0, %entry ], [ 0, %vector.scevcheck ]
  %scalar.recur.init = phi i64 [ %12, %middle.block ], [ 0, %entry ], [ 0, %vector.scevcheck ]
  br label %for.body

for.body:                                         ; preds = %scalar.ph, %for.body
  %phi32 = phi i32 [ %bc.resume.val, %scalar.ph ], [ %i32next, %for.body ]
  %phi64 = phi i64 [ %scalar.recur.init, %scalar.ph ], [ %i64next, %for.body ]
  %i32next = add i32 %phi32, 1
  %i64next = zext i32 %i32next to i64
  %xip = getelementptr inbounds double, ptr %x, i64 %i64next
  %yip = getelementptr inbounds double, ptr %y, i64 %phi64
  %xi = load double, ptr %xip, align 8
  store double %xi, ptr %yip, align 8
  %cmp = icmp slt i64 %i64next, %n
  br i1 %cmp, label %for.body, label %for.end

for.end:                                          ; preds = %middle.block, %for.body
  ret void
}

declare i64 @llvm.smax.i64(i64, i64)
