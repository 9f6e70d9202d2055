; corpus/paper/c/gl_render_vb.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SLP-M paper, gl_render_vb (Figures 11a, 12): four isomorphic statements v[j] = w[j] - d[j],
; except that the compiler folds the last one's "- 0". SLP-M: extension w[3] - 0.
; TEST-ARGS: -src-unroll=1
; vectorized: stores 4 x i32 (ext.add, ext.sub)
; vectorized: stores 8 x i32 (ext.add, ext.sub)

declare void @llvm.assume(i1)

define void @src(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2, i32 noundef %3) {
  %5 = icmp sgt i32 %3, 0
  br i1 %5, label %6, label %38

6:
  %7 = mul i32 %2, -3
  %8 = shl nsw i32 %2, 1
  %9 = zext nneg i32 %3 to i64
  %10 = and i64 %9, 1
  %11 = icmp eq i32 %3, 1
  br i1 %11, label %16, label %12

12:
  %13 = and i64 %9, 2147483646
  br label %39

14:
  %15 = icmp eq i64 %10, 0
  br i1 %15, label %38, label %16

16:
  %17 = phi i64 [ 0, %6 ], [ %81, %14 ]
  %18 = icmp ne i64 %10, 0
  tail call void @llvm.assume(i1 %18)
  %19 = shl nsw i64 %17, 2
  %20 = getelementptr inbounds nuw i32, ptr %1, i64 %19
  %21 = load i32, ptr %20, align 4
  %22 = add i32 %21, %7
  %23 = getelementptr inbounds nuw i32, ptr %0, i64 %19
  store i32 %22, ptr %23, align 4
  %24 = or disjoint i64 %19, 1
  %25 = getelementptr inbounds nuw i32, ptr %1, i64 %24
  %26 = load i32, ptr %25, align 4
  %27 = sub nsw i32 %26, %8
  %28 = getelementptr inbounds nuw i32, ptr %0, i64 %24
  store i32 %27, ptr %28, align 4
  %29 = or disjoint i64 %19, 2
  %30 = getelementptr inbounds nuw i32, ptr %1, i64 %29
  %31 = load i32, ptr %30, align 4
  %32 = sub nsw i32 %31, %2
  %33 = getelementptr inbounds nuw i32, ptr %0, i64 %29
  store i32 %32, ptr %33, align 4
  %34 = or disjoint i64 %19, 3
  %35 = getelementptr inbounds nuw i32, ptr %1, i64 %34
  %36 = load i32, ptr %35, align 4
  %37 = getelementptr inbounds nuw i32, ptr %0, i64 %34
  store i32 %36, ptr %37, align 4
  br label %38

38:
  ret void

39:
  %40 = phi i64 [ 0, %12 ], [ %81, %39 ]
  %41 = phi i64 [ 0, %12 ], [ %82, %39 ]
  %42 = shl nsw i64 %40, 2
  %43 = getelementptr inbounds nuw i32, ptr %1, i64 %42
  %44 = load i32, ptr %43, align 4
  %45 = add i32 %44, %7
  %46 = getelementptr inbounds nuw i32, ptr %0, i64 %42
  store i32 %45, ptr %46, align 4
  %47 = or disjoint i64 %42, 1
  %48 = getelementptr inbounds nuw i32, ptr %1, i64 %47
  %49 = load i32, ptr %48, align 4
  %50 = sub nsw i32 %49, %8
  %51 = getelementptr inbounds nuw i32, ptr %0, i64 %47
  store i32 %50, ptr %51, align 4
  %52 = or disjoint i64 %42, 2
  %53 = getelementptr inbounds nuw i32, ptr %1, i64 %52
  %54 = load i32, ptr %53, align 4
  %55 = sub nsw i32 %54, %2
  %56 = getelementptr inbounds nuw i32, ptr %0, i64 %52
  store i32 %55, ptr %56, align 4
  %57 = or disjoint i64 %42, 3
  %58 = getelementptr inbounds nuw i32, ptr %1, i64 %57
  %59 = load i32, ptr %58, align 4
  %60 = getelementptr inbounds nuw i32, ptr %0, i64 %57
  store i32 %59, ptr %60, align 4
  %61 = shl i64 %40, 2
  %62 = or disjoint i64 %61, 4
  %63 = getelementptr inbounds nuw i32, ptr %1, i64 %62
  %64 = load i32, ptr %63, align 4
  %65 = add i32 %64, %7
  %66 = getelementptr inbounds nuw i32, ptr %0, i64 %62
  store i32 %65, ptr %66, align 4
  %67 = or disjoint i64 %61, 5
  %68 = getelementptr inbounds nuw i32, ptr %1, i64 %67
  %69 = load i32, ptr %68, align 4
  %70 = sub nsw i32 %69, %8
  %71 = getelementptr inbounds nuw i32, ptr %0, i64 %67
  store i32 %70, ptr %71, align 4
  %72 = or disjoint i64 %61, 6
  %73 = getelementptr inbounds nuw i32, ptr %1, i64 %72
  %74 = load i32, ptr %73, align 4
  %75 = sub nsw i32 %74, %2
  %76 = getelementptr inbounds nuw i32, ptr %0, i64 %72
  store i32 %75, ptr %76, align 4
  %77 = or disjoint i64 %61, 7
  %78 = getelementptr inbounds nuw i32, ptr %1, i64 %77
  %79 = load i32, ptr %78, align 4
  %80 = getelementptr inbounds nuw i32, ptr %0, i64 %77
  store i32 %79, ptr %80, align 4
  %81 = add nuw nsw i64 %40, 2
  %82 = add i64 %41, 2
  %83 = icmp eq i64 %82, %13
  br i1 %83, label %14, label %39
}

define void @tgt(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2, i32 noundef %3) {
  %5 = icmp sgt i32 %3, 0
  br i1 %5, label %6, label %28

6:
  %7 = mul i32 %2, -3
  %8 = shl nsw i32 %2, 1
  %9 = zext nneg i32 %3 to i64
  %10 = and i64 %9, 1
  %11 = icmp eq i32 %3, 1
  br i1 %11, label %16, label %12

12:
  %13 = and i64 %9, 2147483646
  br label %29

14:
  %15 = icmp eq i64 %10, 0
  br i1 %15, label %28, label %16

16:
  %17 = phi i64 [ 0, %6 ], [ %44, %14 ]
  %18 = icmp ne i64 %10, 0
  tail call void @llvm.assume(i1 %18)
  %19 = shl nsw i64 %17, 2
  %20 = getelementptr inbounds nuw i32, ptr %1, i64 %19
  %21 = getelementptr inbounds nuw i32, ptr %0, i64 %19
  %22 = load <4 x i32>, ptr %20, align 4
  %23 = insertelement <4 x i32> <i32 poison, i32 0, i32 0, i32 0>, i32 %7, i32 0
  %24 = add <4 x i32> %22, %23
  %25 = insertelement <4 x i32> <i32 0, i32 poison, i32 poison, i32 0>, i32 %8, i32 1
  %26 = insertelement <4 x i32> %25, i32 %2, i32 2
  %27 = sub nsw <4 x i32> %24, %26
  store <4 x i32> %27, ptr %21, align 4
  br label %28

28:
  ret void

29:
  %30 = phi i64 [ 0, %12 ], [ %44, %29 ]
  %31 = phi i64 [ 0, %12 ], [ %45, %29 ]
  %32 = shl nsw i64 %30, 2
  %33 = getelementptr inbounds nuw i32, ptr %1, i64 %32
  %34 = getelementptr inbounds nuw i32, ptr %0, i64 %32
  %35 = load <8 x i32>, ptr %33, align 4
  %36 = insertelement <8 x i32> <i32 poison, i32 0, i32 0, i32 0, i32 poison, i32 0, i32 0, i32 0>, i32 %7, i32 0
  %37 = insertelement <8 x i32> %36, i32 %7, i32 4
  %38 = add <8 x i32> %35, %37
  %39 = insertelement <8 x i32> <i32 0, i32 poison, i32 poison, i32 0, i32 0, i32 poison, i32 poison, i32 0>, i32 %8, i32 1
  %40 = insertelement <8 x i32> %39, i32 %2, i32 2
  %41 = insertelement <8 x i32> %40, i32 %8, i32 5
  %42 = insertelement <8 x i32> %41, i32 %2, i32 6
  %43 = sub nsw <8 x i32> %38, %42
  store <8 x i32> %43, ptr %34, align 4
  %44 = add nuw nsw i64 %30, 2
  %45 = add i64 %31, 2
  %46 = icmp eq i64 %45, %13
  br i1 %46, label %14, label %29
}
