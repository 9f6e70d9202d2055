; corpus/paper/c/figure1.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SLP-M paper, Figure 1 (from 625.x264_s): four statements with a copy, two shifts and a
; multiply. SLP-M: B[0] -> B[0] * 1 (extension), B[k] << s -> B[k] * 2^s (replacement):
; one vector multiply by <1, 2, 3, 4>.
; TEST-ARGS: -src-unroll=1
; vectorized: stores 4 x i32 (binrep.shl-mul, ext.mul)
; vectorized: stores 8 x i32 (binrep.shl-mul, ext.mul)

declare void @llvm.assume(i1)

define void @src(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %35

5:
  %6 = zext nneg i32 %2 to i64
  %7 = and i64 %6, 1
  %8 = icmp eq i32 %2, 1
  br i1 %8, label %13, label %9

9:
  %10 = and i64 %6, 2147483646
  br label %36

11:
  %12 = icmp eq i64 %7, 0
  br i1 %12, label %35, label %13

13:
  %14 = phi i64 [ 0, %5 ], [ %78, %11 ]
  %15 = icmp ne i64 %7, 0
  tail call void @llvm.assume(i1 %15)
  %16 = shl nsw i64 %14, 2
  %17 = getelementptr inbounds nuw i32, ptr %1, i64 %16
  %18 = load i32, ptr %17, align 4
  %19 = getelementptr inbounds nuw i32, ptr %0, i64 %16
  store i32 %18, ptr %19, align 4
  %20 = or disjoint i64 %16, 1
  %21 = getelementptr inbounds nuw i32, ptr %1, i64 %20
  %22 = load i32, ptr %21, align 4
  %23 = shl i32 %22, 1
  %24 = getelementptr inbounds nuw i32, ptr %0, i64 %20
  store i32 %23, ptr %24, align 4
  %25 = or disjoint i64 %16, 2
  %26 = getelementptr inbounds nuw i32, ptr %1, i64 %25
  %27 = load i32, ptr %26, align 4
  %28 = mul nsw i32 %27, 3
  %29 = getelementptr inbounds nuw i32, ptr %0, i64 %25
  store i32 %28, ptr %29, align 4
  %30 = or disjoint i64 %16, 3
  %31 = getelementptr inbounds nuw i32, ptr %1, i64 %30
  %32 = load i32, ptr %31, align 4
  %33 = shl i32 %32, 2
  %34 = getelementptr inbounds nuw i32, ptr %0, i64 %30
  store i32 %33, ptr %34, align 4
  br label %35

35:
  ret void

36:
  %37 = phi i64 [ 0, %9 ], [ %78, %36 ]
  %38 = phi i64 [ 0, %9 ], [ %79, %36 ]
  %39 = shl nsw i64 %37, 2
  %40 = getelementptr inbounds nuw i32, ptr %1, i64 %39
  %41 = load i32, ptr %40, align 4
  %42 = getelementptr inbounds nuw i32, ptr %0, i64 %39
  store i32 %41, ptr %42, align 4
  %43 = or disjoint i64 %39, 1
  %44 = getelementptr inbounds nuw i32, ptr %1, i64 %43
  %45 = load i32, ptr %44, align 4
  %46 = shl i32 %45, 1
  %47 = getelementptr inbounds nuw i32, ptr %0, i64 %43
  store i32 %46, ptr %47, align 4
  %48 = or disjoint i64 %39, 2
  %49 = getelementptr inbounds nuw i32, ptr %1, i64 %48
  %50 = load i32, ptr %49, align 4
  %51 = mul nsw i32 %50, 3
  %52 = getelementptr inbounds nuw i32, ptr %0, i64 %48
  store i32 %51, ptr %52, align 4
  %53 = or disjoint i64 %39, 3
  %54 = getelementptr inbounds nuw i32, ptr %1, i64 %53
  %55 = load i32, ptr %54, align 4
  %56 = shl i32 %55, 2
  %57 = getelementptr inbounds nuw i32, ptr %0, i64 %53
  store i32 %56, ptr %57, align 4
  %58 = shl i64 %37, 2
  %59 = or disjoint i64 %58, 4
  %60 = getelementptr inbounds nuw i32, ptr %1, i64 %59
  %61 = load i32, ptr %60, align 4
  %62 = getelementptr inbounds nuw i32, ptr %0, i64 %59
  store i32 %61, ptr %62, align 4
  %63 = or disjoint i64 %58, 5
  %64 = getelementptr inbounds nuw i32, ptr %1, i64 %63
  %65 = load i32, ptr %64, align 4
  %66 = shl i32 %65, 1
  %67 = getelementptr inbounds nuw i32, ptr %0, i64 %63
  store i32 %66, ptr %67, align 4
  %68 = or disjoint i64 %58, 6
  %69 = getelementptr inbounds nuw i32, ptr %1, i64 %68
  %70 = load i32, ptr %69, align 4
  %71 = mul nsw i32 %70, 3
  %72 = getelementptr inbounds nuw i32, ptr %0, i64 %68
  store i32 %71, ptr %72, align 4
  %73 = or disjoint i64 %58, 7
  %74 = getelementptr inbounds nuw i32, ptr %1, i64 %73
  %75 = load i32, ptr %74, align 4
  %76 = shl i32 %75, 2
  %77 = getelementptr inbounds nuw i32, ptr %0, i64 %73
  store i32 %76, ptr %77, align 4
  %78 = add nuw nsw i64 %37, 2
  %79 = add i64 %38, 2
  %80 = icmp eq i64 %79, %10
  br i1 %80, label %11, label %36
}

define void @tgt(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %21

5:
  %6 = zext nneg i32 %2 to i64
  %7 = and i64 %6, 1
  %8 = icmp eq i32 %2, 1
  br i1 %8, label %13, label %9

9:
  %10 = and i64 %6, 2147483646
  br label %22

11:
  %12 = icmp eq i64 %7, 0
  br i1 %12, label %21, label %13

13:
  %14 = phi i64 [ 0, %5 ], [ %30, %11 ]
  %15 = icmp ne i64 %7, 0
  tail call void @llvm.assume(i1 %15)
  %16 = shl nsw i64 %14, 2
  %17 = getelementptr inbounds nuw i32, ptr %1, i64 %16
  %18 = getelementptr inbounds nuw i32, ptr %0, i64 %16
  %19 = load <4 x i32>, ptr %17, align 4
  %20 = mul <4 x i32> %19, <i32 1, i32 2, i32 3, i32 4>
  store <4 x i32> %20, ptr %18, align 4
  br label %21

21:
  ret void

22:
  %23 = phi i64 [ 0, %9 ], [ %30, %22 ]
  %24 = phi i64 [ 0, %9 ], [ %31, %22 ]
  %25 = shl nsw i64 %23, 2
  %26 = getelementptr inbounds nuw i32, ptr %1, i64 %25
  %27 = getelementptr inbounds nuw i32, ptr %0, i64 %25
  %28 = load <8 x i32>, ptr %26, align 4
  %29 = mul <8 x i32> %28, <i32 1, i32 2, i32 3, i32 4, i32 1, i32 2, i32 3, i32 4>
  store <8 x i32> %29, ptr %27, align 4
  %30 = add nuw nsw i64 %23, 2
  %31 = add i64 %24, 2
  %32 = icmp eq i64 %31, %10
  br i1 %32, label %11, label %22
}
