; corpus/paper/c/udiv_pow2.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; Unsigned division and remainder by powers of two next to shifts and masks (Table 2:
; udiv by 2^k <-> lshr, urem by 2^k <-> and).
; TEST-ARGS: -src-unroll=1
; vectorized: stores 4 x i32 (ext.lshr)
; vectorized: stores 8 x i32 (ext.lshr)

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
  %19 = lshr i32 %18, 1
  %20 = getelementptr inbounds nuw i32, ptr %0, i64 %16
  store i32 %19, ptr %20, align 4
  %21 = or disjoint i64 %16, 1
  %22 = getelementptr inbounds nuw i32, ptr %1, i64 %21
  %23 = load i32, ptr %22, align 4
  %24 = lshr i32 %23, 3
  %25 = getelementptr inbounds nuw i32, ptr %0, i64 %21
  store i32 %24, ptr %25, align 4
  %26 = or disjoint i64 %16, 2
  %27 = getelementptr inbounds nuw i32, ptr %1, i64 %26
  %28 = load i32, ptr %27, align 4
  %29 = lshr i32 %28, 2
  %30 = getelementptr inbounds nuw i32, ptr %0, i64 %26
  store i32 %29, ptr %30, align 4
  %31 = or disjoint i64 %16, 3
  %32 = getelementptr inbounds nuw i32, ptr %1, i64 %31
  %33 = load i32, ptr %32, align 4
  %34 = getelementptr inbounds nuw i32, ptr %0, i64 %31
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
  %42 = lshr i32 %41, 1
  %43 = getelementptr inbounds nuw i32, ptr %0, i64 %39
  store i32 %42, ptr %43, align 4
  %44 = or disjoint i64 %39, 1
  %45 = getelementptr inbounds nuw i32, ptr %1, i64 %44
  %46 = load i32, ptr %45, align 4
  %47 = lshr i32 %46, 3
  %48 = getelementptr inbounds nuw i32, ptr %0, i64 %44
  store i32 %47, ptr %48, align 4
  %49 = or disjoint i64 %39, 2
  %50 = getelementptr inbounds nuw i32, ptr %1, i64 %49
  %51 = load i32, ptr %50, align 4
  %52 = lshr i32 %51, 2
  %53 = getelementptr inbounds nuw i32, ptr %0, i64 %49
  store i32 %52, ptr %53, align 4
  %54 = or disjoint i64 %39, 3
  %55 = getelementptr inbounds nuw i32, ptr %1, i64 %54
  %56 = load i32, ptr %55, align 4
  %57 = getelementptr inbounds nuw i32, ptr %0, i64 %54
  store i32 %56, ptr %57, align 4
  %58 = shl i64 %37, 2
  %59 = or disjoint i64 %58, 4
  %60 = getelementptr inbounds nuw i32, ptr %1, i64 %59
  %61 = load i32, ptr %60, align 4
  %62 = lshr i32 %61, 1
  %63 = getelementptr inbounds nuw i32, ptr %0, i64 %59
  store i32 %62, ptr %63, align 4
  %64 = or disjoint i64 %58, 5
  %65 = getelementptr inbounds nuw i32, ptr %1, i64 %64
  %66 = load i32, ptr %65, align 4
  %67 = lshr i32 %66, 3
  %68 = getelementptr inbounds nuw i32, ptr %0, i64 %64
  store i32 %67, ptr %68, align 4
  %69 = or disjoint i64 %58, 6
  %70 = getelementptr inbounds nuw i32, ptr %1, i64 %69
  %71 = load i32, ptr %70, align 4
  %72 = lshr i32 %71, 2
  %73 = getelementptr inbounds nuw i32, ptr %0, i64 %69
  store i32 %72, ptr %73, align 4
  %74 = or disjoint i64 %58, 7
  %75 = getelementptr inbounds nuw i32, ptr %1, i64 %74
  %76 = load i32, ptr %75, align 4
  %77 = getelementptr inbounds nuw i32, ptr %0, i64 %74
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
  %20 = lshr <4 x i32> %19, <i32 1, i32 3, i32 2, i32 0>
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
  %29 = lshr <8 x i32> %28, <i32 1, i32 3, i32 2, i32 0, i32 1, i32 3, i32 2, i32 0>
  store <8 x i32> %29, ptr %27, align 4
  %30 = add nuw nsw i64 %23, 2
  %31 = add i64 %24, 2
  %32 = icmp eq i64 %31, %10
  br i1 %32, label %11, label %22
}
