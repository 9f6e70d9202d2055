; corpus/paper/c/seed000_foo.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; Bottom-up SLP (seed 000): a[i] = (b[i] + c[i]) * (d[i] - e[i]), isomorphic lanes.
; TEST-ARGS: -src-unroll=1
; vectorized: stores 4 x i32

define void @src(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2, ptr noalias noundef readonly captures(none) %3, ptr noalias noundef readonly captures(none) %4, i32 noundef %5) {
  %7 = icmp sgt i32 %5, 0
  br i1 %7, label %8, label %10

8:
  %9 = zext nneg i32 %5 to i64
  br label %11

10:
  ret void

11:
  %12 = phi i64 [ 0, %8 ], [ %65, %11 ]
  %13 = shl nsw i64 %12, 2
  %14 = getelementptr inbounds nuw i32, ptr %1, i64 %13
  %15 = load i32, ptr %14, align 4
  %16 = getelementptr inbounds nuw i32, ptr %2, i64 %13
  %17 = load i32, ptr %16, align 4
  %18 = add nsw i32 %17, %15
  %19 = getelementptr inbounds nuw i32, ptr %3, i64 %13
  %20 = load i32, ptr %19, align 4
  %21 = getelementptr inbounds nuw i32, ptr %4, i64 %13
  %22 = load i32, ptr %21, align 4
  %23 = sub nsw i32 %20, %22
  %24 = mul nsw i32 %23, %18
  %25 = getelementptr inbounds nuw i32, ptr %0, i64 %13
  store i32 %24, ptr %25, align 4
  %26 = or disjoint i64 %13, 1
  %27 = getelementptr inbounds nuw i32, ptr %1, i64 %26
  %28 = load i32, ptr %27, align 4
  %29 = getelementptr inbounds nuw i32, ptr %2, i64 %26
  %30 = load i32, ptr %29, align 4
  %31 = add nsw i32 %30, %28
  %32 = getelementptr inbounds nuw i32, ptr %3, i64 %26
  %33 = load i32, ptr %32, align 4
  %34 = getelementptr inbounds nuw i32, ptr %4, i64 %26
  %35 = load i32, ptr %34, align 4
  %36 = sub nsw i32 %33, %35
  %37 = mul nsw i32 %36, %31
  %38 = getelementptr inbounds nuw i32, ptr %0, i64 %26
  store i32 %37, ptr %38, align 4
  %39 = or disjoint i64 %13, 2
  %40 = getelementptr inbounds nuw i32, ptr %1, i64 %39
  %41 = load i32, ptr %40, align 4
  %42 = getelementptr inbounds nuw i32, ptr %2, i64 %39
  %43 = load i32, ptr %42, align 4
  %44 = add nsw i32 %43, %41
  %45 = getelementptr inbounds nuw i32, ptr %3, i64 %39
  %46 = load i32, ptr %45, align 4
  %47 = getelementptr inbounds nuw i32, ptr %4, i64 %39
  %48 = load i32, ptr %47, align 4
  %49 = sub nsw i32 %46, %48
  %50 = mul nsw i32 %49, %44
  %51 = getelementptr inbounds nuw i32, ptr %0, i64 %39
  store i32 %50, ptr %51, align 4
  %52 = or disjoint i64 %13, 3
  %53 = getelementptr inbounds nuw i32, ptr %1, i64 %52
  %54 = load i32, ptr %53, align 4
  %55 = getelementptr inbounds nuw i32, ptr %2, i64 %52
  %56 = load i32, ptr %55, align 4
  %57 = add nsw i32 %56, %54
  %58 = getelementptr inbounds nuw i32, ptr %3, i64 %52
  %59 = load i32, ptr %58, align 4
  %60 = getelementptr inbounds nuw i32, ptr %4, i64 %52
  %61 = load i32, ptr %60, align 4
  %62 = sub nsw i32 %59, %61
  %63 = mul nsw i32 %62, %57
  %64 = getelementptr inbounds nuw i32, ptr %0, i64 %52
  store i32 %63, ptr %64, align 4
  %65 = add nuw nsw i64 %12, 1
  %66 = icmp eq i64 %65, %9
  br i1 %66, label %10, label %11
}

define void @tgt(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2, ptr noalias noundef readonly captures(none) %3, ptr noalias noundef readonly captures(none) %4, i32 noundef %5) {
  %7 = icmp sgt i32 %5, 0
  br i1 %7, label %8, label %10

8:
  %9 = zext nneg i32 %5 to i64
  br label %11

10:
  ret void

11:
  %12 = phi i64 [ 0, %8 ], [ %26, %11 ]
  %13 = shl nsw i64 %12, 2
  %14 = getelementptr inbounds nuw i32, ptr %1, i64 %13
  %15 = getelementptr inbounds nuw i32, ptr %2, i64 %13
  %16 = getelementptr inbounds nuw i32, ptr %3, i64 %13
  %17 = getelementptr inbounds nuw i32, ptr %4, i64 %13
  %18 = getelementptr inbounds nuw i32, ptr %0, i64 %13
  %19 = load <4 x i32>, ptr %16, align 4
  %20 = load <4 x i32>, ptr %17, align 4
  %21 = sub nsw <4 x i32> %19, %20
  %22 = load <4 x i32>, ptr %15, align 4
  %23 = load <4 x i32>, ptr %14, align 4
  %24 = add nsw <4 x i32> %22, %23
  %25 = mul nsw <4 x i32> %21, %24
  store <4 x i32> %25, ptr %18, align 4
  %26 = add nuw nsw i64 %12, 1
  %27 = icmp eq i64 %26, %9
  br i1 %27, label %10, label %11
}
