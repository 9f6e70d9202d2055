; corpus/paper/c/copy_lanes.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; Missing operations: out = x + y on most lanes, a plain copy of x on two (the paper's
; "different numbers of operations"). SLP-M: extension x + 0.
; TEST-ARGS: -src-unroll=1
; vectorized: stores 8 x i32 (ext.add.commuted)

define void @src(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2, i32 noundef %3) {
  %5 = icmp sgt i32 %3, 0
  br i1 %5, label %6, label %8

6:
  %7 = zext nneg i32 %3 to i64
  br label %9

8:
  ret void

9:
  %10 = phi i64 [ 0, %6 ], [ %61, %9 ]
  %11 = shl nsw i64 %10, 3
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
  %21 = getelementptr inbounds nuw i32, ptr %0, i64 %18
  store i32 %20, ptr %21, align 4
  %22 = or disjoint i64 %11, 2
  %23 = getelementptr inbounds nuw i32, ptr %1, i64 %22
  %24 = load i32, ptr %23, align 4
  %25 = getelementptr inbounds nuw i32, ptr %2, i64 %22
  %26 = load i32, ptr %25, align 4
  %27 = add nsw i32 %26, %24
  %28 = getelementptr inbounds nuw i32, ptr %0, i64 %22
  store i32 %27, ptr %28, align 4
  %29 = or disjoint i64 %11, 3
  %30 = getelementptr inbounds nuw i32, ptr %1, i64 %29
  %31 = load i32, ptr %30, align 4
  %32 = getelementptr inbounds nuw i32, ptr %2, i64 %29
  %33 = load i32, ptr %32, align 4
  %34 = add nsw i32 %33, %31
  %35 = getelementptr inbounds nuw i32, ptr %0, i64 %29
  store i32 %34, ptr %35, align 4
  %36 = or disjoint i64 %11, 4
  %37 = getelementptr inbounds nuw i32, ptr %1, i64 %36
  %38 = load i32, ptr %37, align 4
  %39 = getelementptr inbounds nuw i32, ptr %2, i64 %36
  %40 = load i32, ptr %39, align 4
  %41 = add nsw i32 %40, %38
  %42 = getelementptr inbounds nuw i32, ptr %0, i64 %36
  store i32 %41, ptr %42, align 4
  %43 = or disjoint i64 %11, 5
  %44 = getelementptr inbounds nuw i32, ptr %1, i64 %43
  %45 = load i32, ptr %44, align 4
  %46 = getelementptr inbounds nuw i32, ptr %2, i64 %43
  %47 = load i32, ptr %46, align 4
  %48 = add nsw i32 %47, %45
  %49 = getelementptr inbounds nuw i32, ptr %0, i64 %43
  store i32 %48, ptr %49, align 4
  %50 = or disjoint i64 %11, 6
  %51 = getelementptr inbounds nuw i32, ptr %1, i64 %50
  %52 = load i32, ptr %51, align 4
  %53 = getelementptr inbounds nuw i32, ptr %0, i64 %50
  store i32 %52, ptr %53, align 4
  %54 = or disjoint i64 %11, 7
  %55 = getelementptr inbounds nuw i32, ptr %1, i64 %54
  %56 = load i32, ptr %55, align 4
  %57 = getelementptr inbounds nuw i32, ptr %2, i64 %54
  %58 = load i32, ptr %57, align 4
  %59 = add nsw i32 %58, %56
  %60 = getelementptr inbounds nuw i32, ptr %0, i64 %54
  store i32 %59, ptr %60, align 4
  %61 = add nuw nsw i64 %10, 1
  %62 = icmp eq i64 %61, %7
  br i1 %62, label %8, label %9
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
  %10 = phi i64 [ 0, %6 ], [ %19, %9 ]
  %11 = shl nsw i64 %10, 3
  %12 = getelementptr inbounds nuw i32, ptr %1, i64 %11
  %13 = getelementptr inbounds nuw i32, ptr %2, i64 %11
  %14 = getelementptr inbounds nuw i32, ptr %0, i64 %11
  %15 = load <8 x i32>, ptr %13, align 4
  %16 = shufflevector <8 x i32> %15, <8 x i32> <i32 poison, i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 0, i32 poison>, <8 x i32> <i32 0, i32 9, i32 2, i32 3, i32 4, i32 5, i32 14, i32 7>
  %17 = load <8 x i32>, ptr %12, align 4
  %18 = add <8 x i32> %16, %17
  store <8 x i32> %18, ptr %14, align 4
  %19 = add nuw nsw i64 %10, 1
  %20 = icmp eq i64 %19, %7
  br i1 %20, label %8, label %9
}
