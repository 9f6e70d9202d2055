; corpus/paper/c/commuted.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; Commuted operands (LSLP) and a subtraction order (SN-SLP): the same statement written
; with its operands in different orders.
; TEST-ARGS: -src-unroll=1
; vectorized: stores 4 x i32 (commute.mul.nsw)

define void @src(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2, ptr noalias noundef readonly captures(none) %3, i32 noundef %4) {
  %6 = icmp sgt i32 %4, 0
  br i1 %6, label %7, label %9

7:
  %8 = zext nneg i32 %4 to i64
  br label %10

9:
  ret void

10:
  %11 = phi i64 [ 0, %7 ], [ %52, %10 ]
  %12 = shl nsw i64 %11, 2
  %13 = getelementptr inbounds nuw i32, ptr %1, i64 %12
  %14 = load i32, ptr %13, align 4
  %15 = getelementptr inbounds nuw i32, ptr %2, i64 %12
  %16 = load i32, ptr %15, align 4
  %17 = mul nsw i32 %16, %14
  %18 = getelementptr inbounds nuw i32, ptr %3, i64 %12
  %19 = load i32, ptr %18, align 4
  %20 = sub nsw i32 %17, %19
  %21 = getelementptr inbounds nuw i32, ptr %0, i64 %12
  store i32 %20, ptr %21, align 4
  %22 = or disjoint i64 %12, 1
  %23 = getelementptr inbounds nuw i32, ptr %2, i64 %22
  %24 = load i32, ptr %23, align 4
  %25 = getelementptr inbounds nuw i32, ptr %1, i64 %22
  %26 = load i32, ptr %25, align 4
  %27 = mul nsw i32 %26, %24
  %28 = getelementptr inbounds nuw i32, ptr %3, i64 %22
  %29 = load i32, ptr %28, align 4
  %30 = sub nsw i32 %27, %29
  %31 = getelementptr inbounds nuw i32, ptr %0, i64 %22
  store i32 %30, ptr %31, align 4
  %32 = or disjoint i64 %12, 2
  %33 = getelementptr inbounds nuw i32, ptr %1, i64 %32
  %34 = load i32, ptr %33, align 4
  %35 = getelementptr inbounds nuw i32, ptr %2, i64 %32
  %36 = load i32, ptr %35, align 4
  %37 = mul nsw i32 %36, %34
  %38 = getelementptr inbounds nuw i32, ptr %3, i64 %32
  %39 = load i32, ptr %38, align 4
  %40 = sub nsw i32 %37, %39
  %41 = getelementptr inbounds nuw i32, ptr %0, i64 %32
  store i32 %40, ptr %41, align 4
  %42 = or disjoint i64 %12, 3
  %43 = getelementptr inbounds nuw i32, ptr %2, i64 %42
  %44 = load i32, ptr %43, align 4
  %45 = getelementptr inbounds nuw i32, ptr %1, i64 %42
  %46 = load i32, ptr %45, align 4
  %47 = mul nsw i32 %46, %44
  %48 = getelementptr inbounds nuw i32, ptr %3, i64 %42
  %49 = load i32, ptr %48, align 4
  %50 = sub nsw i32 %47, %49
  %51 = getelementptr inbounds nuw i32, ptr %0, i64 %42
  store i32 %50, ptr %51, align 4
  %52 = add nuw nsw i64 %11, 1
  %53 = icmp eq i64 %52, %8
  br i1 %53, label %9, label %10
}

define void @tgt(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2, ptr noalias noundef readonly captures(none) %3, i32 noundef %4) {
  %6 = icmp sgt i32 %4, 0
  br i1 %6, label %7, label %9

7:
  %8 = zext nneg i32 %4 to i64
  br label %10

9:
  ret void

10:
  %11 = phi i64 [ 0, %7 ], [ %22, %10 ]
  %12 = shl nsw i64 %11, 2
  %13 = getelementptr inbounds nuw i32, ptr %1, i64 %12
  %14 = getelementptr inbounds nuw i32, ptr %2, i64 %12
  %15 = getelementptr inbounds nuw i32, ptr %3, i64 %12
  %16 = getelementptr inbounds nuw i32, ptr %0, i64 %12
  %17 = load <4 x i32>, ptr %14, align 4
  %18 = load <4 x i32>, ptr %13, align 4
  %19 = mul nsw <4 x i32> %17, %18
  %20 = load <4 x i32>, ptr %15, align 4
  %21 = sub nsw <4 x i32> %19, %20
  store <4 x i32> %21, ptr %16, align 4
  %22 = add nuw nsw i64 %11, 1
  %23 = icmp eq i64 %22, %8
  br i1 %23, label %9, label %10
}
