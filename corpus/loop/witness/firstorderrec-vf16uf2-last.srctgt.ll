; The `last` obligation of the witness inferred for LLVM's LoopVectorize/X86/
; fixed-order-recurrence.ll @firstorderrec (y[i] = x[i] + x[i-1] on i8, VF 16 x UF 2;
; `opt-22 -passes=loop-vectorize` as its RUN line), as vecverify/loops/infer.py builds it:
; where the vector loop leaves, 32 scalar iterations against one vector iteration and the
; middle block. The source assumes the leaving as `n.vec - index <=u 32` (with `index <u
; n.vec` and `(n.vec - index) %u 32 == 0`, assumed too, exactly `index + 32 == n.vec`).
; A regression: assumed as `index + 32 == n.vec`, Z3 substituted n.vec - 32 for the index
; and the ub query (the 32 loads against 2 wide ones) was unknown at 10 s (the step's,
; under the negation, 4 s); so it takes ~4 s. Derived from LLVM's test: see README.md.
declare void @llvm.assume(i1)

define { i1, i1, i8, i64 } @src(ptr noundef readonly captures(none) %x, ptr noalias noundef writeonly captures(none) %y, i32 noundef %n, i64 noundef %index, <16 x i8> noundef %v.vector.recur.defined, <16 x i1> noundef %v.vector.recur.poison) {
entry:
  %cmp18 = icmp sgt i32 %n, 1
  %0 = icmp eq i1 %cmp18, %cmp18
  call void @llvm.assume(i1 %0)
  %cmp18.1 = icmp sgt i32 %n, 1
  call void @llvm.assume(i1 %cmp18.1)
  %wide.trip.count = zext i32 %n to i64
  %1 = add nsw i64 %wide.trip.count, -1
  %min.iters.check = icmp ult i64 %1, 32
  %2 = xor i1 %min.iters.check, true
  call void @llvm.assume(i1 %2)
  %n.mod.vf = urem i64 %1, 32
  %n.vec = sub i64 %1, %n.mod.vf
  %3 = icmp ult i64 %index, %n.vec
  call void @llvm.assume(i1 %3)
  %4 = sub i64 %n.vec, %index
  %5 = urem i64 %4, 32
  %6 = icmp eq i64 %5, 0
  call void @llvm.assume(i1 %6)
  %7 = icmp ule i64 %n.vec, %1
  call void @llvm.assume(i1 %7)
  %v.vector.recur = select <16 x i1> %v.vector.recur.poison, <16 x i8> poison, <16 x i8> %v.vector.recur.defined
  %index.next = add nuw i64 %index, 32
  %n.mod.vf.1 = urem i64 %1, 32
  %n.vec.1 = sub i64 %1, %n.mod.vf.1
  %8 = icmp eq i64 %index.next, %n.vec.1
  %9 = sub i64 %n.vec, %index
  %10 = icmp ule i64 %9, 32
  call void @llvm.assume(i1 %10)
  %vector.recur.extract = extractelement <16 x i8> %v.vector.recur, i32 15
  %11 = add i64 1, %index
  %arrayidx4.0 = getelementptr inbounds i8, ptr %x, i64 %11
  %"12.0" = load i8, ptr %arrayidx4.0, align 1
  %add7.0 = add i8 %"12.0", %vector.recur.extract
  %arrayidx10.0 = getelementptr inbounds i8, ptr %y, i64 %11
  store i8 %add7.0, ptr %arrayidx10.0, align 1
  %indvars.iv.next.0 = add nuw nsw i64 %11, 1
  %exitcond.not.0 = icmp eq i64 %indvars.iv.next.0, %wide.trip.count
  %arrayidx4.1 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.0
  %"12.1" = load i8, ptr %arrayidx4.1, align 1
  %add7.1 = add i8 %"12.1", %"12.0"
  %arrayidx10.1 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.0
  store i8 %add7.1, ptr %arrayidx10.1, align 1
  %indvars.iv.next.1 = add nuw nsw i64 %indvars.iv.next.0, 1
  %exitcond.not.1 = icmp eq i64 %indvars.iv.next.1, %wide.trip.count
  %arrayidx4.2 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.1
  %"12.2" = load i8, ptr %arrayidx4.2, align 1
  %add7.2 = add i8 %"12.2", %"12.1"
  %arrayidx10.2 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.1
  store i8 %add7.2, ptr %arrayidx10.2, align 1
  %indvars.iv.next.2 = add nuw nsw i64 %indvars.iv.next.1, 1
  %exitcond.not.2 = icmp eq i64 %indvars.iv.next.2, %wide.trip.count
  %arrayidx4.3 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.2
  %"12.3" = load i8, ptr %arrayidx4.3, align 1
  %add7.3 = add i8 %"12.3", %"12.2"
  %arrayidx10.3 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.2
  store i8 %add7.3, ptr %arrayidx10.3, align 1
  %indvars.iv.next.3 = add nuw nsw i64 %indvars.iv.next.2, 1
  %exitcond.not.3 = icmp eq i64 %indvars.iv.next.3, %wide.trip.count
  %arrayidx4.4 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.3
  %"12.4" = load i8, ptr %arrayidx4.4, align 1
  %add7.4 = add i8 %"12.4", %"12.3"
  %arrayidx10.4 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.3
  store i8 %add7.4, ptr %arrayidx10.4, align 1
  %indvars.iv.next.4 = add nuw nsw i64 %indvars.iv.next.3, 1
  %exitcond.not.4 = icmp eq i64 %indvars.iv.next.4, %wide.trip.count
  %arrayidx4.5 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.4
  %"12.5" = load i8, ptr %arrayidx4.5, align 1
  %add7.5 = add i8 %"12.5", %"12.4"
  %arrayidx10.5 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.4
  store i8 %add7.5, ptr %arrayidx10.5, align 1
  %indvars.iv.next.5 = add nuw nsw i64 %indvars.iv.next.4, 1
  %exitcond.not.5 = icmp eq i64 %indvars.iv.next.5, %wide.trip.count
  %arrayidx4.6 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.5
  %"12.6" = load i8, ptr %arrayidx4.6, align 1
  %add7.6 = add i8 %"12.6", %"12.5"
  %arrayidx10.6 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.5
  store i8 %add7.6, ptr %arrayidx10.6, align 1
  %indvars.iv.next.6 = add nuw nsw i64 %indvars.iv.next.5, 1
  %exitcond.not.6 = icmp eq i64 %indvars.iv.next.6, %wide.trip.count
  %arrayidx4.7 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.6
  %"12.7" = load i8, ptr %arrayidx4.7, align 1
  %add7.7 = add i8 %"12.7", %"12.6"
  %arrayidx10.7 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.6
  store i8 %add7.7, ptr %arrayidx10.7, align 1
  %indvars.iv.next.7 = add nuw nsw i64 %indvars.iv.next.6, 1
  %exitcond.not.7 = icmp eq i64 %indvars.iv.next.7, %wide.trip.count
  %arrayidx4.8 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.7
  %"12.8" = load i8, ptr %arrayidx4.8, align 1
  %add7.8 = add i8 %"12.8", %"12.7"
  %arrayidx10.8 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.7
  store i8 %add7.8, ptr %arrayidx10.8, align 1
  %indvars.iv.next.8 = add nuw nsw i64 %indvars.iv.next.7, 1
  %exitcond.not.8 = icmp eq i64 %indvars.iv.next.8, %wide.trip.count
  %arrayidx4.9 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.8
  %"12.9" = load i8, ptr %arrayidx4.9, align 1
  %add7.9 = add i8 %"12.9", %"12.8"
  %arrayidx10.9 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.8
  store i8 %add7.9, ptr %arrayidx10.9, align 1
  %indvars.iv.next.9 = add nuw nsw i64 %indvars.iv.next.8, 1
  %exitcond.not.9 = icmp eq i64 %indvars.iv.next.9, %wide.trip.count
  %arrayidx4.10 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.9
  %"12.10" = load i8, ptr %arrayidx4.10, align 1
  %add7.10 = add i8 %"12.10", %"12.9"
  %arrayidx10.10 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.9
  store i8 %add7.10, ptr %arrayidx10.10, align 1
  %indvars.iv.next.10 = add nuw nsw i64 %indvars.iv.next.9, 1
  %exitcond.not.10 = icmp eq i64 %indvars.iv.next.10, %wide.trip.count
  %arrayidx4.11 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.10
  %"12.11" = load i8, ptr %arrayidx4.11, align 1
  %add7.11 = add i8 %"12.11", %"12.10"
  %arrayidx10.11 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.10
  store i8 %add7.11, ptr %arrayidx10.11, align 1
  %indvars.iv.next.11 = add nuw nsw i64 %indvars.iv.next.10, 1
  %exitcond.not.11 = icmp eq i64 %indvars.iv.next.11, %wide.trip.count
  %arrayidx4.12 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.11
  %"12.12" = load i8, ptr %arrayidx4.12, align 1
  %add7.12 = add i8 %"12.12", %"12.11"
  %arrayidx10.12 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.11
  store i8 %add7.12, ptr %arrayidx10.12, align 1
  %indvars.iv.next.12 = add nuw nsw i64 %indvars.iv.next.11, 1
  %exitcond.not.12 = icmp eq i64 %indvars.iv.next.12, %wide.trip.count
  %arrayidx4.13 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.12
  %"12.13" = load i8, ptr %arrayidx4.13, align 1
  %add7.13 = add i8 %"12.13", %"12.12"
  %arrayidx10.13 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.12
  store i8 %add7.13, ptr %arrayidx10.13, align 1
  %indvars.iv.next.13 = add nuw nsw i64 %indvars.iv.next.12, 1
  %exitcond.not.13 = icmp eq i64 %indvars.iv.next.13, %wide.trip.count
  %arrayidx4.14 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.13
  %"12.14" = load i8, ptr %arrayidx4.14, align 1
  %add7.14 = add i8 %"12.14", %"12.13"
  %arrayidx10.14 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.13
  store i8 %add7.14, ptr %arrayidx10.14, align 1
  %indvars.iv.next.14 = add nuw nsw i64 %indvars.iv.next.13, 1
  %exitcond.not.14 = icmp eq i64 %indvars.iv.next.14, %wide.trip.count
  %arrayidx4.15 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.14
  %"12.15" = load i8, ptr %arrayidx4.15, align 1
  %add7.15 = add i8 %"12.15", %"12.14"
  %arrayidx10.15 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.14
  store i8 %add7.15, ptr %arrayidx10.15, align 1
  %indvars.iv.next.15 = add nuw nsw i64 %indvars.iv.next.14, 1
  %exitcond.not.15 = icmp eq i64 %indvars.iv.next.15, %wide.trip.count
  %arrayidx4.16 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.15
  %"12.16" = load i8, ptr %arrayidx4.16, align 1
  %add7.16 = add i8 %"12.16", %"12.15"
  %arrayidx10.16 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.15
  store i8 %add7.16, ptr %arrayidx10.16, align 1
  %indvars.iv.next.16 = add nuw nsw i64 %indvars.iv.next.15, 1
  %exitcond.not.16 = icmp eq i64 %indvars.iv.next.16, %wide.trip.count
  %arrayidx4.17 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.16
  %"12.17" = load i8, ptr %arrayidx4.17, align 1
  %add7.17 = add i8 %"12.17", %"12.16"
  %arrayidx10.17 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.16
  store i8 %add7.17, ptr %arrayidx10.17, align 1
  %indvars.iv.next.17 = add nuw nsw i64 %indvars.iv.next.16, 1
  %exitcond.not.17 = icmp eq i64 %indvars.iv.next.17, %wide.trip.count
  %arrayidx4.18 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.17
  %"12.18" = load i8, ptr %arrayidx4.18, align 1
  %add7.18 = add i8 %"12.18", %"12.17"
  %arrayidx10.18 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.17
  store i8 %add7.18, ptr %arrayidx10.18, align 1
  %indvars.iv.next.18 = add nuw nsw i64 %indvars.iv.next.17, 1
  %exitcond.not.18 = icmp eq i64 %indvars.iv.next.18, %wide.trip.count
  %arrayidx4.19 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.18
  %"12.19" = load i8, ptr %arrayidx4.19, align 1
  %add7.19 = add i8 %"12.19", %"12.18"
  %arrayidx10.19 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.18
  store i8 %add7.19, ptr %arrayidx10.19, align 1
  %indvars.iv.next.19 = add nuw nsw i64 %indvars.iv.next.18, 1
  %exitcond.not.19 = icmp eq i64 %indvars.iv.next.19, %wide.trip.count
  %arrayidx4.20 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.19
  %"12.20" = load i8, ptr %arrayidx4.20, align 1
  %add7.20 = add i8 %"12.20", %"12.19"
  %arrayidx10.20 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.19
  store i8 %add7.20, ptr %arrayidx10.20, align 1
  %indvars.iv.next.20 = add nuw nsw i64 %indvars.iv.next.19, 1
  %exitcond.not.20 = icmp eq i64 %indvars.iv.next.20, %wide.trip.count
  %arrayidx4.21 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.20
  %"12.21" = load i8, ptr %arrayidx4.21, align 1
  %add7.21 = add i8 %"12.21", %"12.20"
  %arrayidx10.21 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.20
  store i8 %add7.21, ptr %arrayidx10.21, align 1
  %indvars.iv.next.21 = add nuw nsw i64 %indvars.iv.next.20, 1
  %exitcond.not.21 = icmp eq i64 %indvars.iv.next.21, %wide.trip.count
  %arrayidx4.22 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.21
  %"12.22" = load i8, ptr %arrayidx4.22, align 1
  %add7.22 = add i8 %"12.22", %"12.21"
  %arrayidx10.22 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.21
  store i8 %add7.22, ptr %arrayidx10.22, align 1
  %indvars.iv.next.22 = add nuw nsw i64 %indvars.iv.next.21, 1
  %exitcond.not.22 = icmp eq i64 %indvars.iv.next.22, %wide.trip.count
  %arrayidx4.23 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.22
  %"12.23" = load i8, ptr %arrayidx4.23, align 1
  %add7.23 = add i8 %"12.23", %"12.22"
  %arrayidx10.23 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.22
  store i8 %add7.23, ptr %arrayidx10.23, align 1
  %indvars.iv.next.23 = add nuw nsw i64 %indvars.iv.next.22, 1
  %exitcond.not.23 = icmp eq i64 %indvars.iv.next.23, %wide.trip.count
  %arrayidx4.24 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.23
  %"12.24" = load i8, ptr %arrayidx4.24, align 1
  %add7.24 = add i8 %"12.24", %"12.23"
  %arrayidx10.24 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.23
  store i8 %add7.24, ptr %arrayidx10.24, align 1
  %indvars.iv.next.24 = add nuw nsw i64 %indvars.iv.next.23, 1
  %exitcond.not.24 = icmp eq i64 %indvars.iv.next.24, %wide.trip.count
  %arrayidx4.25 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.24
  %"12.25" = load i8, ptr %arrayidx4.25, align 1
  %add7.25 = add i8 %"12.25", %"12.24"
  %arrayidx10.25 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.24
  store i8 %add7.25, ptr %arrayidx10.25, align 1
  %indvars.iv.next.25 = add nuw nsw i64 %indvars.iv.next.24, 1
  %exitcond.not.25 = icmp eq i64 %indvars.iv.next.25, %wide.trip.count
  %arrayidx4.26 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.25
  %"12.26" = load i8, ptr %arrayidx4.26, align 1
  %add7.26 = add i8 %"12.26", %"12.25"
  %arrayidx10.26 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.25
  store i8 %add7.26, ptr %arrayidx10.26, align 1
  %indvars.iv.next.26 = add nuw nsw i64 %indvars.iv.next.25, 1
  %exitcond.not.26 = icmp eq i64 %indvars.iv.next.26, %wide.trip.count
  %arrayidx4.27 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.26
  %"12.27" = load i8, ptr %arrayidx4.27, align 1
  %add7.27 = add i8 %"12.27", %"12.26"
  %arrayidx10.27 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.26
  store i8 %add7.27, ptr %arrayidx10.27, align 1
  %indvars.iv.next.27 = add nuw nsw i64 %indvars.iv.next.26, 1
  %exitcond.not.27 = icmp eq i64 %indvars.iv.next.27, %wide.trip.count
  %arrayidx4.28 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.27
  %"12.28" = load i8, ptr %arrayidx4.28, align 1
  %add7.28 = add i8 %"12.28", %"12.27"
  %arrayidx10.28 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.27
  store i8 %add7.28, ptr %arrayidx10.28, align 1
  %indvars.iv.next.28 = add nuw nsw i64 %indvars.iv.next.27, 1
  %exitcond.not.28 = icmp eq i64 %indvars.iv.next.28, %wide.trip.count
  %arrayidx4.29 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.28
  %"12.29" = load i8, ptr %arrayidx4.29, align 1
  %add7.29 = add i8 %"12.29", %"12.28"
  %arrayidx10.29 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.28
  store i8 %add7.29, ptr %arrayidx10.29, align 1
  %indvars.iv.next.29 = add nuw nsw i64 %indvars.iv.next.28, 1
  %exitcond.not.29 = icmp eq i64 %indvars.iv.next.29, %wide.trip.count
  %arrayidx4.30 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.29
  %"12.30" = load i8, ptr %arrayidx4.30, align 1
  %add7.30 = add i8 %"12.30", %"12.29"
  %arrayidx10.30 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.29
  store i8 %add7.30, ptr %arrayidx10.30, align 1
  %indvars.iv.next.30 = add nuw nsw i64 %indvars.iv.next.29, 1
  %exitcond.not.30 = icmp eq i64 %indvars.iv.next.30, %wide.trip.count
  %arrayidx4.31 = getelementptr inbounds i8, ptr %x, i64 %indvars.iv.next.30
  %"12.31" = load i8, ptr %arrayidx4.31, align 1
  %add7.31 = add i8 %"12.31", %"12.30"
  %arrayidx10.31 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv.next.30
  store i8 %add7.31, ptr %arrayidx10.31, align 1
  %indvars.iv.next.31 = add nuw nsw i64 %indvars.iv.next.30, 1
  %exitcond.not.31 = icmp eq i64 %indvars.iv.next.31, %wide.trip.count
  %12 = or i1 %exitcond.not.0, %exitcond.not.1
  %13 = or i1 %12, %exitcond.not.2
  %14 = or i1 %13, %exitcond.not.3
  %15 = or i1 %14, %exitcond.not.4
  %16 = or i1 %15, %exitcond.not.5
  %17 = or i1 %16, %exitcond.not.6
  %18 = or i1 %17, %exitcond.not.7
  %19 = or i1 %18, %exitcond.not.8
  %20 = or i1 %19, %exitcond.not.9
  %21 = or i1 %20, %exitcond.not.10
  %22 = or i1 %21, %exitcond.not.11
  %23 = or i1 %22, %exitcond.not.12
  %24 = or i1 %23, %exitcond.not.13
  %25 = or i1 %24, %exitcond.not.14
  %26 = or i1 %25, %exitcond.not.15
  %27 = or i1 %26, %exitcond.not.16
  %28 = or i1 %27, %exitcond.not.17
  %29 = or i1 %28, %exitcond.not.18
  %30 = or i1 %29, %exitcond.not.19
  %31 = or i1 %30, %exitcond.not.20
  %32 = or i1 %31, %exitcond.not.21
  %33 = or i1 %32, %exitcond.not.22
  %34 = or i1 %33, %exitcond.not.23
  %35 = or i1 %34, %exitcond.not.24
  %36 = or i1 %35, %exitcond.not.25
  %37 = or i1 %36, %exitcond.not.26
  %38 = or i1 %37, %exitcond.not.27
  %39 = or i1 %38, %exitcond.not.28
  %40 = or i1 %39, %exitcond.not.29
  %41 = or i1 %40, %exitcond.not.30
  %42 = select i1 %exitcond.not.31, i8 poison, i8 %"12.31"
  %43 = select i1 %exitcond.not.31, i64 poison, i64 %indvars.iv.next.31
  %44 = insertvalue { i1, i1, i8, i64 } poison, i1 %41, 0
  %45 = insertvalue { i1, i1, i8, i64 } %44, i1 %exitcond.not.31, 1
  %46 = insertvalue { i1, i1, i8, i64 } %45, i8 %42, 2
  %out3 = insertvalue { i1, i1, i8, i64 } %46, i64 %43, 3
  ret { i1, i1, i8, i64 } %out3
}

define { i1, i1, i8, i64 } @tgt(ptr noundef readonly captures(none) %x, ptr noalias noundef writeonly captures(none) %y, i32 noundef %n, i64 noundef %index, <16 x i8> noundef %v.vector.recur.defined, <16 x i1> noundef %v.vector.recur.poison) {
entry:
  %v.vector.recur = select <16 x i1> %v.vector.recur.poison, <16 x i8> poison, <16 x i8> %v.vector.recur.defined
  %offset.idx = add i64 1, %index
  %0 = getelementptr inbounds i8, ptr %x, i64 %offset.idx
  %1 = getelementptr inbounds i8, ptr %0, i64 16
  %wide.load = load <16 x i8>, ptr %0, align 1
  %wide.load1 = load <16 x i8>, ptr %1, align 1
  %2 = shufflevector <16 x i8> %v.vector.recur, <16 x i8> %wide.load, <16 x i32> <i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30>
  %3 = shufflevector <16 x i8> %wide.load, <16 x i8> %wide.load1, <16 x i32> <i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30>
  %4 = add <16 x i8> %wide.load, %2
  %5 = add <16 x i8> %wide.load1, %3
  %6 = getelementptr inbounds i8, ptr %y, i64 %offset.idx
  %7 = getelementptr inbounds i8, ptr %6, i64 16
  store <16 x i8> %4, ptr %6, align 1
  store <16 x i8> %5, ptr %7, align 1
  %index.next = add nuw i64 %index, 32
  %wide.trip.count = zext i32 %n to i64
  %8 = add nsw i64 %wide.trip.count, -1
  %n.mod.vf = urem i64 %8, 32
  %n.vec = sub i64 %8, %n.mod.vf
  %9 = icmp eq i64 %index.next, %n.vec
  %vector.recur.extract = extractelement <16 x i8> %wide.load1, i32 15
  %cmp.n = icmp eq i64 %8, %n.vec
  %10 = xor i1 %cmp.n, true
  %11 = select i1 %10, i8 %vector.recur.extract, i8 poison
  %12 = add i64 1, %n.vec
  %13 = select i1 %10, i64 %12, i64 poison
  %14 = insertvalue { i1, i1, i8, i64 } poison, i1 false, 0
  %15 = insertvalue { i1, i1, i8, i64 } %14, i1 %cmp.n, 1
  %16 = insertvalue { i1, i1, i8, i64 } %15, i8 %11, 2
  %out3 = insertvalue { i1, i1, i8, i64 } %16, i64 %13, 3
  ret { i1, i1, i8, i64 } %out3
}
