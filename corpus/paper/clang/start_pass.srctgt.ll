; corpus/paper/c/start_pass.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SLP-M paper, start_pass (Figure 17, libjpeg's jcdctmgr.c): DESCALE(b[j] * aanscales[j], 11).
; Constant folding turns lane 0, ((b * 16384) + 1024) >> 11, into b << 3.
; TEST-ARGS: -src-unroll=1
; vectorized: stores 4 x i32 (binrep.shl-mul, ext.add, ext.ashr)

define void @src(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %7

5:
  %6 = zext nneg i32 %2 to i64
  br label %8

7:
  ret void

8:
  %9 = phi i64 [ 0, %5 ], [ %40, %8 ]
  %10 = shl nsw i64 %9, 2
  %11 = getelementptr inbounds nuw i16, ptr %1, i64 %10
  %12 = load i16, ptr %11, align 2
  %13 = sext i16 %12 to i32
  %14 = shl nsw i32 %13, 3
  %15 = getelementptr inbounds nuw i32, ptr %0, i64 %10
  store i32 %14, ptr %15, align 4
  %16 = or disjoint i64 %10, 1
  %17 = getelementptr inbounds nuw i16, ptr %1, i64 %16
  %18 = load i16, ptr %17, align 2
  %19 = sext i16 %18 to i32
  %20 = mul nsw i32 %19, 22725
  %21 = add nsw i32 %20, 1024
  %22 = ashr i32 %21, 11
  %23 = getelementptr inbounds nuw i32, ptr %0, i64 %16
  store i32 %22, ptr %23, align 4
  %24 = or disjoint i64 %10, 2
  %25 = getelementptr inbounds nuw i16, ptr %1, i64 %24
  %26 = load i16, ptr %25, align 2
  %27 = sext i16 %26 to i32
  %28 = mul nsw i32 %27, 21407
  %29 = add nsw i32 %28, 1024
  %30 = ashr i32 %29, 11
  %31 = getelementptr inbounds nuw i32, ptr %0, i64 %24
  store i32 %30, ptr %31, align 4
  %32 = or disjoint i64 %10, 3
  %33 = getelementptr inbounds nuw i16, ptr %1, i64 %32
  %34 = load i16, ptr %33, align 2
  %35 = sext i16 %34 to i32
  %36 = mul nsw i32 %35, 19266
  %37 = add nsw i32 %36, 1024
  %38 = ashr i32 %37, 11
  %39 = getelementptr inbounds nuw i32, ptr %0, i64 %32
  store i32 %38, ptr %39, align 4
  %40 = add nuw nsw i64 %9, 1
  %41 = icmp eq i64 %40, %6
  br i1 %41, label %7, label %8
}

define void @tgt(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %7

5:
  %6 = zext nneg i32 %2 to i64
  br label %8

7:
  ret void

8:
  %9 = phi i64 [ 0, %5 ], [ %18, %8 ]
  %10 = shl nsw i64 %9, 2
  %11 = getelementptr inbounds nuw i16, ptr %1, i64 %10
  %12 = getelementptr inbounds nuw i32, ptr %0, i64 %10
  %13 = load <4 x i16>, ptr %11, align 2
  %14 = sext <4 x i16> %13 to <4 x i32>
  %15 = mul nsw <4 x i32> %14, <i32 8, i32 22725, i32 21407, i32 19266>
  %16 = add nsw <4 x i32> %15, <i32 0, i32 1024, i32 1024, i32 1024>
  %17 = ashr <4 x i32> %16, <i32 0, i32 11, i32 11, i32 11>
  store <4 x i32> %17, ptr %12, align 4
  %18 = add nuw nsw i64 %9, 1
  %19 = icmp eq i64 %18, %6
  br i1 %19, label %7, label %8
}
