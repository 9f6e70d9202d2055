; corpus/paper/c/u2s.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SLP-M paper, u2s (Figure 11b): an unsigned int split into its four bytes, most
; significant first; lane 3 has no shift (extension: x >> 0). The cast lanes differ in
; their flags (trunc nuw on the top byte): the vector trunc keeps the common ones.
; TEST-ARGS: -src-unroll=1
; vectorized: stores 4 x i8 (ext.lshr)
; vectorized: stores 8 x i8 (ext.lshr)

declare void @llvm.assume(i1)

define void @src(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %39

5:
  %6 = zext nneg i32 %2 to i64
  %7 = and i64 %6, 1
  %8 = icmp eq i32 %2, 1
  br i1 %8, label %13, label %9

9:
  %10 = and i64 %6, 2147483646
  br label %40

11:
  %12 = icmp eq i64 %7, 0
  br i1 %12, label %39, label %13

13:
  %14 = phi i64 [ 0, %5 ], [ %90, %11 ]
  %15 = icmp ne i64 %7, 0
  tail call void @llvm.assume(i1 %15)
  %16 = shl nsw i64 %14, 2
  %17 = getelementptr inbounds nuw i32, ptr %1, i64 %16
  %18 = load i32, ptr %17, align 4
  %19 = lshr i32 %18, 24
  %20 = trunc nuw i32 %19 to i8
  %21 = getelementptr inbounds nuw i8, ptr %0, i64 %16
  store i8 %20, ptr %21, align 1
  %22 = or disjoint i64 %16, 1
  %23 = getelementptr inbounds nuw i32, ptr %1, i64 %22
  %24 = load i32, ptr %23, align 4
  %25 = lshr i32 %24, 16
  %26 = trunc i32 %25 to i8
  %27 = getelementptr inbounds nuw i8, ptr %0, i64 %22
  store i8 %26, ptr %27, align 1
  %28 = or disjoint i64 %16, 2
  %29 = getelementptr inbounds nuw i32, ptr %1, i64 %28
  %30 = load i32, ptr %29, align 4
  %31 = lshr i32 %30, 8
  %32 = trunc i32 %31 to i8
  %33 = getelementptr inbounds nuw i8, ptr %0, i64 %28
  store i8 %32, ptr %33, align 1
  %34 = or disjoint i64 %16, 3
  %35 = getelementptr inbounds nuw i32, ptr %1, i64 %34
  %36 = load i32, ptr %35, align 4
  %37 = trunc i32 %36 to i8
  %38 = getelementptr inbounds nuw i8, ptr %0, i64 %34
  store i8 %37, ptr %38, align 1
  br label %39

39:
  ret void

40:
  %41 = phi i64 [ 0, %9 ], [ %90, %40 ]
  %42 = phi i64 [ 0, %9 ], [ %91, %40 ]
  %43 = shl nsw i64 %41, 2
  %44 = getelementptr inbounds nuw i32, ptr %1, i64 %43
  %45 = load i32, ptr %44, align 4
  %46 = lshr i32 %45, 24
  %47 = trunc nuw i32 %46 to i8
  %48 = getelementptr inbounds nuw i8, ptr %0, i64 %43
  store i8 %47, ptr %48, align 1
  %49 = or disjoint i64 %43, 1
  %50 = getelementptr inbounds nuw i32, ptr %1, i64 %49
  %51 = load i32, ptr %50, align 4
  %52 = lshr i32 %51, 16
  %53 = trunc i32 %52 to i8
  %54 = getelementptr inbounds nuw i8, ptr %0, i64 %49
  store i8 %53, ptr %54, align 1
  %55 = or disjoint i64 %43, 2
  %56 = getelementptr inbounds nuw i32, ptr %1, i64 %55
  %57 = load i32, ptr %56, align 4
  %58 = lshr i32 %57, 8
  %59 = trunc i32 %58 to i8
  %60 = getelementptr inbounds nuw i8, ptr %0, i64 %55
  store i8 %59, ptr %60, align 1
  %61 = or disjoint i64 %43, 3
  %62 = getelementptr inbounds nuw i32, ptr %1, i64 %61
  %63 = load i32, ptr %62, align 4
  %64 = trunc i32 %63 to i8
  %65 = getelementptr inbounds nuw i8, ptr %0, i64 %61
  store i8 %64, ptr %65, align 1
  %66 = shl i64 %41, 2
  %67 = or disjoint i64 %66, 4
  %68 = getelementptr inbounds nuw i32, ptr %1, i64 %67
  %69 = load i32, ptr %68, align 4
  %70 = lshr i32 %69, 24
  %71 = trunc nuw i32 %70 to i8
  %72 = getelementptr inbounds nuw i8, ptr %0, i64 %67
  store i8 %71, ptr %72, align 1
  %73 = or disjoint i64 %66, 5
  %74 = getelementptr inbounds nuw i32, ptr %1, i64 %73
  %75 = load i32, ptr %74, align 4
  %76 = lshr i32 %75, 16
  %77 = trunc i32 %76 to i8
  %78 = getelementptr inbounds nuw i8, ptr %0, i64 %73
  store i8 %77, ptr %78, align 1
  %79 = or disjoint i64 %66, 6
  %80 = getelementptr inbounds nuw i32, ptr %1, i64 %79
  %81 = load i32, ptr %80, align 4
  %82 = lshr i32 %81, 8
  %83 = trunc i32 %82 to i8
  %84 = getelementptr inbounds nuw i8, ptr %0, i64 %79
  store i8 %83, ptr %84, align 1
  %85 = or disjoint i64 %66, 7
  %86 = getelementptr inbounds nuw i32, ptr %1, i64 %85
  %87 = load i32, ptr %86, align 4
  %88 = trunc i32 %87 to i8
  %89 = getelementptr inbounds nuw i8, ptr %0, i64 %85
  store i8 %88, ptr %89, align 1
  %90 = add nuw nsw i64 %41, 2
  %91 = add i64 %42, 2
  %92 = icmp eq i64 %91, %10
  br i1 %92, label %11, label %40
}

define void @tgt(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %22

5:
  %6 = zext nneg i32 %2 to i64
  %7 = and i64 %6, 1
  %8 = icmp eq i32 %2, 1
  br i1 %8, label %13, label %9

9:
  %10 = and i64 %6, 2147483646
  br label %23

11:
  %12 = icmp eq i64 %7, 0
  br i1 %12, label %22, label %13

13:
  %14 = phi i64 [ 0, %5 ], [ %32, %11 ]
  %15 = icmp ne i64 %7, 0
  tail call void @llvm.assume(i1 %15)
  %16 = shl nsw i64 %14, 2
  %17 = getelementptr inbounds nuw i32, ptr %1, i64 %16
  %18 = getelementptr inbounds nuw i8, ptr %0, i64 %16
  %19 = load <4 x i32>, ptr %17, align 4
  %20 = lshr <4 x i32> %19, <i32 24, i32 16, i32 8, i32 0>
  %21 = trunc <4 x i32> %20 to <4 x i8>
  store <4 x i8> %21, ptr %18, align 1
  br label %22

22:
  ret void

23:
  %24 = phi i64 [ 0, %9 ], [ %32, %23 ]
  %25 = phi i64 [ 0, %9 ], [ %33, %23 ]
  %26 = shl nsw i64 %24, 2
  %27 = getelementptr inbounds nuw i32, ptr %1, i64 %26
  %28 = getelementptr inbounds nuw i8, ptr %0, i64 %26
  %29 = load <8 x i32>, ptr %27, align 4
  %30 = lshr <8 x i32> %29, <i32 24, i32 16, i32 8, i32 0, i32 24, i32 16, i32 8, i32 0>
  %31 = trunc <8 x i32> %30 to <8 x i8>
  store <8 x i8> %31, ptr %28, align 1
  %32 = add nuw nsw i64 %24, 2
  %33 = add i64 %25, 2
  %34 = icmp eq i64 %33, %10
  br i1 %34, label %11, label %23
}
