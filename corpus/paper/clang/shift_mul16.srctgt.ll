; corpus/paper/c/shift_mul16.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; Mixed shifts and multiplies over 8 shorts (the paper's s6 kind): a copy, shifts and
; multiplies by small constants; one vector multiply after SLP-M.
; TEST-ARGS: -src-unroll=1
; vectorized: stores 8 x i16 (binrep.shl-mul, ext.mul)

define void @src(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %7

5:
  %6 = zext nneg i32 %2 to i64
  br label %8

7:
  ret void

8:
  %9 = phi i64 [ 0, %5 ], [ %48, %8 ]
  %10 = shl nsw i64 %9, 3
  %11 = getelementptr inbounds nuw i16, ptr %1, i64 %10
  %12 = load i16, ptr %11, align 2
  %13 = getelementptr inbounds nuw i16, ptr %0, i64 %10
  store i16 %12, ptr %13, align 2
  %14 = or disjoint i64 %10, 1
  %15 = getelementptr inbounds nuw i16, ptr %1, i64 %14
  %16 = load i16, ptr %15, align 2
  %17 = mul i16 %16, 5
  %18 = getelementptr inbounds nuw i16, ptr %0, i64 %14
  store i16 %17, ptr %18, align 2
  %19 = or disjoint i64 %10, 2
  %20 = getelementptr inbounds nuw i16, ptr %1, i64 %19
  %21 = load i16, ptr %20, align 2
  %22 = shl i16 %21, 3
  %23 = getelementptr inbounds nuw i16, ptr %0, i64 %19
  store i16 %22, ptr %23, align 2
  %24 = or disjoint i64 %10, 3
  %25 = getelementptr inbounds nuw i16, ptr %1, i64 %24
  %26 = load i16, ptr %25, align 2
  %27 = mul i16 %26, 7
  %28 = getelementptr inbounds nuw i16, ptr %0, i64 %24
  store i16 %27, ptr %28, align 2
  %29 = or disjoint i64 %10, 4
  %30 = getelementptr inbounds nuw i16, ptr %1, i64 %29
  %31 = load i16, ptr %30, align 2
  %32 = shl i16 %31, 1
  %33 = getelementptr inbounds nuw i16, ptr %0, i64 %29
  store i16 %32, ptr %33, align 2
  %34 = or disjoint i64 %10, 5
  %35 = getelementptr inbounds nuw i16, ptr %1, i64 %34
  %36 = load i16, ptr %35, align 2
  %37 = mul i16 %36, 3
  %38 = getelementptr inbounds nuw i16, ptr %0, i64 %34
  store i16 %37, ptr %38, align 2
  %39 = or disjoint i64 %10, 6
  %40 = getelementptr inbounds nuw i16, ptr %1, i64 %39
  %41 = load i16, ptr %40, align 2
  %42 = getelementptr inbounds nuw i16, ptr %0, i64 %39
  store i16 %41, ptr %42, align 2
  %43 = or disjoint i64 %10, 7
  %44 = getelementptr inbounds nuw i16, ptr %1, i64 %43
  %45 = load i16, ptr %44, align 2
  %46 = shl i16 %45, 2
  %47 = getelementptr inbounds nuw i16, ptr %0, i64 %43
  store i16 %46, ptr %47, align 2
  %48 = add nuw nsw i64 %9, 1
  %49 = icmp eq i64 %48, %6
  br i1 %49, label %7, label %8
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
  %9 = phi i64 [ 0, %5 ], [ %15, %8 ]
  %10 = shl nsw i64 %9, 3
  %11 = getelementptr inbounds nuw i16, ptr %1, i64 %10
  %12 = getelementptr inbounds nuw i16, ptr %0, i64 %10
  %13 = load <8 x i16>, ptr %11, align 2
  %14 = mul <8 x i16> %13, <i16 1, i16 5, i16 8, i16 7, i16 2, i16 3, i16 1, i16 4>
  store <8 x i16> %14, ptr %12, align 2
  %15 = add nuw nsw i64 %9, 1
  %16 = icmp eq i64 %15, %6
  br i1 %16, label %7, label %8
}
