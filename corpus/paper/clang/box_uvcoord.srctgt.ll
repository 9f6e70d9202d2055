; corpus/paper/c/box_uvcoord.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SLP-M paper, box_UVCoord (Figures 13b, 14, from 453.povray): texture coordinates scaled
; by powers of two, one written as a division and one as a multiply.
; TEST-ARGS: -src-unroll=1
; vectorized: stores 4 x float
; vectorized: stores 8 x float

declare void @llvm.assume(i1)

define void @src(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %36

5:
  %6 = zext nneg i32 %2 to i64
  %7 = and i64 %6, 1
  %8 = icmp eq i32 %2, 1
  br i1 %8, label %13, label %9

9:
  %10 = and i64 %6, 2147483646
  br label %37

11:
  %12 = icmp eq i64 %7, 0
  br i1 %12, label %36, label %13

13:
  %14 = phi i64 [ 0, %5 ], [ %81, %11 ]
  %15 = icmp ne i64 %7, 0
  tail call void @llvm.assume(i1 %15)
  %16 = shl nsw i64 %14, 2
  %17 = getelementptr inbounds nuw float, ptr %1, i64 %16
  %18 = load float, ptr %17, align 4
  %19 = fmul float %18, 0x3FE0000000000000
  %20 = getelementptr inbounds nuw float, ptr %0, i64 %16
  store float %19, ptr %20, align 4
  %21 = or disjoint i64 %16, 1
  %22 = getelementptr inbounds nuw float, ptr %1, i64 %21
  %23 = load float, ptr %22, align 4
  %24 = fmul float %23, 0x3FD0000000000000
  %25 = getelementptr inbounds nuw float, ptr %0, i64 %21
  store float %24, ptr %25, align 4
  %26 = or disjoint i64 %16, 2
  %27 = getelementptr inbounds nuw float, ptr %1, i64 %26
  %28 = load float, ptr %27, align 4
  %29 = fmul float %28, 0x3FC0000000000000
  %30 = getelementptr inbounds nuw float, ptr %0, i64 %26
  store float %29, ptr %30, align 4
  %31 = or disjoint i64 %16, 3
  %32 = getelementptr inbounds nuw float, ptr %1, i64 %31
  %33 = load float, ptr %32, align 4
  %34 = fmul float %33, 0x3FE0000000000000
  %35 = getelementptr inbounds nuw float, ptr %0, i64 %31
  store float %34, ptr %35, align 4
  br label %36

36:
  ret void

37:
  %38 = phi i64 [ 0, %9 ], [ %81, %37 ]
  %39 = phi i64 [ 0, %9 ], [ %82, %37 ]
  %40 = shl nsw i64 %38, 2
  %41 = getelementptr inbounds nuw float, ptr %1, i64 %40
  %42 = load float, ptr %41, align 4
  %43 = fmul float %42, 0x3FE0000000000000
  %44 = getelementptr inbounds nuw float, ptr %0, i64 %40
  store float %43, ptr %44, align 4
  %45 = or disjoint i64 %40, 1
  %46 = getelementptr inbounds nuw float, ptr %1, i64 %45
  %47 = load float, ptr %46, align 4
  %48 = fmul float %47, 0x3FD0000000000000
  %49 = getelementptr inbounds nuw float, ptr %0, i64 %45
  store float %48, ptr %49, align 4
  %50 = or disjoint i64 %40, 2
  %51 = getelementptr inbounds nuw float, ptr %1, i64 %50
  %52 = load float, ptr %51, align 4
  %53 = fmul float %52, 0x3FC0000000000000
  %54 = getelementptr inbounds nuw float, ptr %0, i64 %50
  store float %53, ptr %54, align 4
  %55 = or disjoint i64 %40, 3
  %56 = getelementptr inbounds nuw float, ptr %1, i64 %55
  %57 = load float, ptr %56, align 4
  %58 = fmul float %57, 0x3FE0000000000000
  %59 = getelementptr inbounds nuw float, ptr %0, i64 %55
  store float %58, ptr %59, align 4
  %60 = shl i64 %38, 2
  %61 = or disjoint i64 %60, 4
  %62 = getelementptr inbounds nuw float, ptr %1, i64 %61
  %63 = load float, ptr %62, align 4
  %64 = fmul float %63, 0x3FE0000000000000
  %65 = getelementptr inbounds nuw float, ptr %0, i64 %61
  store float %64, ptr %65, align 4
  %66 = or disjoint i64 %60, 5
  %67 = getelementptr inbounds nuw float, ptr %1, i64 %66
  %68 = load float, ptr %67, align 4
  %69 = fmul float %68, 0x3FD0000000000000
  %70 = getelementptr inbounds nuw float, ptr %0, i64 %66
  store float %69, ptr %70, align 4
  %71 = or disjoint i64 %60, 6
  %72 = getelementptr inbounds nuw float, ptr %1, i64 %71
  %73 = load float, ptr %72, align 4
  %74 = fmul float %73, 0x3FC0000000000000
  %75 = getelementptr inbounds nuw float, ptr %0, i64 %71
  store float %74, ptr %75, align 4
  %76 = or disjoint i64 %60, 7
  %77 = getelementptr inbounds nuw float, ptr %1, i64 %76
  %78 = load float, ptr %77, align 4
  %79 = fmul float %78, 0x3FE0000000000000
  %80 = getelementptr inbounds nuw float, ptr %0, i64 %76
  store float %79, ptr %80, align 4
  %81 = add nuw nsw i64 %38, 2
  %82 = add i64 %39, 2
  %83 = icmp eq i64 %82, %10
  br i1 %83, label %11, label %37
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
  %17 = getelementptr inbounds nuw float, ptr %1, i64 %16
  %18 = getelementptr inbounds nuw float, ptr %0, i64 %16
  %19 = load <4 x float>, ptr %17, align 4
  %20 = fmul <4 x float> %19, <float 0x3FE0000000000000, float 0x3FD0000000000000, float 0x3FC0000000000000, float 0x3FE0000000000000>
  store <4 x float> %20, ptr %18, align 4
  br label %21

21:
  ret void

22:
  %23 = phi i64 [ 0, %9 ], [ %30, %22 ]
  %24 = phi i64 [ 0, %9 ], [ %31, %22 ]
  %25 = shl nsw i64 %23, 2
  %26 = getelementptr inbounds nuw float, ptr %1, i64 %25
  %27 = getelementptr inbounds nuw float, ptr %0, i64 %25
  %28 = load <8 x float>, ptr %26, align 4
  %29 = fmul <8 x float> %28, <float 0x3FE0000000000000, float 0x3FD0000000000000, float 0x3FC0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FD0000000000000, float 0x3FC0000000000000, float 0x3FE0000000000000>
  store <8 x float> %29, ptr %27, align 4
  %30 = add nuw nsw i64 %23, 2
  %31 = add i64 %24, 2
  %32 = icmp eq i64 %31, %10
  br i1 %32, label %11, label %22
}
