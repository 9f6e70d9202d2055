; corpus/paper/c/sub_rearrange.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SN-SLP's subtraction rearrangement: a = b - c - d next to a = b - d - c (the same value,
; the subtrahends in another order); (b - d) - c becomes (b - c) - d.
; TEST-ARGS: -src-unroll=1
; vectorized: stores 4 x i32 (commute.add)

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
  %17 = getelementptr inbounds nuw i32, ptr %3, i64 %12
  %18 = load i32, ptr %17, align 4
  %19 = add i32 %16, %18
  %20 = sub i32 %14, %19
  %21 = getelementptr inbounds nuw i32, ptr %0, i64 %12
  store i32 %20, ptr %21, align 4
  %22 = or disjoint i64 %12, 1
  %23 = getelementptr inbounds nuw i32, ptr %1, i64 %22
  %24 = load i32, ptr %23, align 4
  %25 = getelementptr inbounds nuw i32, ptr %3, i64 %22
  %26 = load i32, ptr %25, align 4
  %27 = getelementptr inbounds nuw i32, ptr %2, i64 %22
  %28 = load i32, ptr %27, align 4
  %29 = add i32 %26, %28
  %30 = sub i32 %24, %29
  %31 = getelementptr inbounds nuw i32, ptr %0, i64 %22
  store i32 %30, ptr %31, align 4
  %32 = or disjoint i64 %12, 2
  %33 = getelementptr inbounds nuw i32, ptr %1, i64 %32
  %34 = load i32, ptr %33, align 4
  %35 = getelementptr inbounds nuw i32, ptr %2, i64 %32
  %36 = load i32, ptr %35, align 4
  %37 = getelementptr inbounds nuw i32, ptr %3, i64 %32
  %38 = load i32, ptr %37, align 4
  %39 = add i32 %36, %38
  %40 = sub i32 %34, %39
  %41 = getelementptr inbounds nuw i32, ptr %0, i64 %32
  store i32 %40, ptr %41, align 4
  %42 = or disjoint i64 %12, 3
  %43 = getelementptr inbounds nuw i32, ptr %1, i64 %42
  %44 = load i32, ptr %43, align 4
  %45 = getelementptr inbounds nuw i32, ptr %3, i64 %42
  %46 = load i32, ptr %45, align 4
  %47 = getelementptr inbounds nuw i32, ptr %2, i64 %42
  %48 = load i32, ptr %47, align 4
  %49 = add i32 %46, %48
  %50 = sub i32 %44, %49
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
  %17 = load <4 x i32>, ptr %13, align 4
  %18 = load <4 x i32>, ptr %14, align 4
  %19 = load <4 x i32>, ptr %15, align 4
  %20 = add <4 x i32> %18, %19
  %21 = sub <4 x i32> %17, %20
  store <4 x i32> %21, ptr %16, align 4
  %22 = add nuw nsw i64 %11, 1
  %23 = icmp eq i64 %22, %8
  br i1 %23, label %9, label %10
}
