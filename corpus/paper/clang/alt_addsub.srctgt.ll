; corpus/paper/c/alt_addsub.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; Two operations over the same lanes: complex-number style add/sub pairs (shuffle
; merging: both computed as vectors, blended by one shufflevector).
; TEST-ARGS: -src-unroll=1
; vectorized: stores 4 x i32 (commute.add.nsw)

define void @src(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2, i32 noundef %3) {
  %5 = icmp sgt i32 %3, 0
  br i1 %5, label %6, label %8

6:
  %7 = zext nneg i32 %3 to i64
  br label %9

8:
  ret void

9:
  %10 = phi i64 [ 0, %6 ], [ %39, %9 ]
  %11 = shl nsw i64 %10, 2
  %12 = getelementptr inbounds nuw i32, ptr %1, i64 %11
  %13 = load i32, ptr %12, align 4
  %14 = getelementptr inbounds nuw i32, ptr %2, i64 %11
  %15 = load i32, ptr %14, align 4
  %16 = add nsw i32 %15, %13
  %17 = getelementptr inbounds nuw i32, ptr %0, i64 %11
  store i32 %16, ptr %17, align 4
  %18 = or disjoint i64 %11, 1
  %19 = getelementptr inbounds nuw i32, ptr %1, i64 %18
  %20 = load i32, ptr %19, align 4
  %21 = getelementptr inbounds nuw i32, ptr %2, i64 %18
  %22 = load i32, ptr %21, align 4
  %23 = sub nsw i32 %20, %22
  %24 = getelementptr inbounds nuw i32, ptr %0, i64 %18
  store i32 %23, ptr %24, align 4
  %25 = or disjoint i64 %11, 2
  %26 = getelementptr inbounds nuw i32, ptr %1, i64 %25
  %27 = load i32, ptr %26, align 4
  %28 = getelementptr inbounds nuw i32, ptr %2, i64 %25
  %29 = load i32, ptr %28, align 4
  %30 = add nsw i32 %29, %27
  %31 = getelementptr inbounds nuw i32, ptr %0, i64 %25
  store i32 %30, ptr %31, align 4
  %32 = or disjoint i64 %11, 3
  %33 = getelementptr inbounds nuw i32, ptr %1, i64 %32
  %34 = load i32, ptr %33, align 4
  %35 = getelementptr inbounds nuw i32, ptr %2, i64 %32
  %36 = load i32, ptr %35, align 4
  %37 = sub nsw i32 %34, %36
  %38 = getelementptr inbounds nuw i32, ptr %0, i64 %32
  store i32 %37, ptr %38, align 4
  %39 = add nuw nsw i64 %10, 1
  %40 = icmp eq i64 %39, %7
  br i1 %40, label %8, label %9
}

define void @tgt(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2, i32 noundef %3) {
  %5 = icmp sgt i32 %3, 0
  br i1 %5, label %6, label %8

6:
  %7 = zext nneg i32 %3 to i64
  br label %9

8:
  ret void

9:
  %10 = phi i64 [ 0, %6 ], [ %20, %9 ]
  %11 = shl nsw i64 %10, 2
  %12 = getelementptr inbounds nuw i32, ptr %1, i64 %11
  %13 = getelementptr inbounds nuw i32, ptr %2, i64 %11
  %14 = getelementptr inbounds nuw i32, ptr %0, i64 %11
  %15 = load <4 x i32>, ptr %12, align 4
  %16 = load <4 x i32>, ptr %13, align 4
  %17 = add nsw <4 x i32> %15, %16
  %18 = sub nsw <4 x i32> %15, %16
  %19 = shufflevector <4 x i32> %17, <4 x i32> %18, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
  store <4 x i32> %19, ptr %14, align 4
  %20 = add nuw nsw i64 %10, 1
  %21 = icmp eq i64 %20, %7
  br i1 %21, label %8, label %9
}
