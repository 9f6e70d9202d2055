; corpus/paper/c/intra16x16_plane_pred.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SLP-M paper, intra16x16_plane_pred (Figures 15-16, JM's H.264 encoder): pred = base +
; (j + 1) * ib with ib per macroblock; the compiler writes ib, ib << 1, ib * 3, ib << 2.
; SLP-M: extension (ib * 1) and replacement (shl -> mul): one multiply by <1, 2, 3, 4>.
; TEST-ARGS: -src-unroll=1
; vectorized: stores 4 x i32 (binrep.shl-mul, ext.mul)

define void @src(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2, i32 noundef %3) {
  %5 = icmp sgt i32 %3, 0
  br i1 %5, label %6, label %8

6:
  %7 = zext nneg i32 %3 to i64
  br label %9

8:
  ret void

9:
  %10 = phi i64 [ 0, %6 ], [ %36, %9 ]
  %11 = getelementptr inbounds nuw i32, ptr %2, i64 %10
  %12 = load i32, ptr %11, align 4
  %13 = shl nsw i64 %10, 2
  %14 = getelementptr inbounds nuw i32, ptr %1, i64 %13
  %15 = load i32, ptr %14, align 4
  %16 = add nsw i32 %15, %12
  %17 = getelementptr inbounds nuw i32, ptr %0, i64 %13
  store i32 %16, ptr %17, align 4
  %18 = or disjoint i64 %13, 1
  %19 = getelementptr inbounds nuw i32, ptr %1, i64 %18
  %20 = load i32, ptr %19, align 4
  %21 = shl nsw i32 %12, 1
  %22 = add nsw i32 %20, %21
  %23 = getelementptr inbounds nuw i32, ptr %0, i64 %18
  store i32 %22, ptr %23, align 4
  %24 = or disjoint i64 %13, 2
  %25 = getelementptr inbounds nuw i32, ptr %1, i64 %24
  %26 = load i32, ptr %25, align 4
  %27 = mul nsw i32 %12, 3
  %28 = add nsw i32 %26, %27
  %29 = getelementptr inbounds nuw i32, ptr %0, i64 %24
  store i32 %28, ptr %29, align 4
  %30 = or disjoint i64 %13, 3
  %31 = getelementptr inbounds nuw i32, ptr %1, i64 %30
  %32 = load i32, ptr %31, align 4
  %33 = shl nsw i32 %12, 2
  %34 = add nsw i32 %32, %33
  %35 = getelementptr inbounds nuw i32, ptr %0, i64 %30
  store i32 %34, ptr %35, align 4
  %36 = add nuw nsw i64 %10, 1
  %37 = icmp eq i64 %36, %7
  br i1 %37, label %8, label %9
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
  %10 = phi i64 [ 0, %6 ], [ %21, %9 ]
  %11 = getelementptr inbounds nuw i32, ptr %2, i64 %10
  %12 = load i32, ptr %11, align 4
  %13 = shl nsw i64 %10, 2
  %14 = getelementptr inbounds nuw i32, ptr %1, i64 %13
  %15 = getelementptr inbounds nuw i32, ptr %0, i64 %13
  %16 = load <4 x i32>, ptr %14, align 4
  %17 = insertelement <1 x i32> poison, i32 %12, i32 0
  %18 = shufflevector <1 x i32> %17, <1 x i32> poison, <4 x i32> <i32 0, i32 0, i32 0, i32 0>
  %19 = mul nsw <4 x i32> %18, <i32 1, i32 2, i32 3, i32 4>
  %20 = add nsw <4 x i32> %16, %19
  store <4 x i32> %20, ptr %15, align 4
  %21 = add nuw nsw i64 %10, 1
  %22 = icmp eq i64 %21, %7
  br i1 %22, label %8, label %9
}
