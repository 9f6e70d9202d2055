; corpus/paper/c/gl_render_vb_fmuladd.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SLP-M paper, gl_render_vb as float code (a viewport transform): three lanes compute
; w * s + t, the fourth only w * s. clang-22 contracts the three into llvm.fmuladd
; (-ffp-contract=on, its default) and leaves the fourth an fmul: the lanes mix a call
; with an fmul. SLP-M: the vector fmuladd and a vector fmul blended by one shuffle.
; TEST-ARGS: -src-unroll=1
; vectorized: stores 4 x float (commute.fmul, shuffle.fmuladd-fmul)
; vectorized: stores 8 x float (commute.fmul, shuffle.fmuladd-fmul)

declare void @llvm.assume(i1)
declare float @llvm.fmuladd.f32(float, float, float)
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>)
declare <8 x float> @llvm.fmuladd.v8f32(<8 x float>, <8 x float>, <8 x float>)

define void @src(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, float noundef %2, float noundef %3, float noundef %4, float noundef %5, i32 noundef %6) {
  %8 = icmp sgt i32 %6, 0
  br i1 %8, label %9, label %40

9:
  %10 = zext nneg i32 %6 to i64
  %11 = and i64 %10, 1
  %12 = icmp eq i32 %6, 1
  br i1 %12, label %17, label %13

13:
  %14 = and i64 %10, 2147483646
  br label %41

15:
  %16 = icmp eq i64 %11, 0
  br i1 %16, label %40, label %17

17:
  %18 = phi i64 [ 0, %9 ], [ %85, %15 ]
  %19 = icmp ne i64 %11, 0
  tail call void @llvm.assume(i1 %19)
  %20 = shl nsw i64 %18, 2
  %21 = getelementptr inbounds nuw float, ptr %1, i64 %20
  %22 = load float, ptr %21, align 4
  %23 = tail call float @llvm.fmuladd.f32(float %22, float %2, float %3)
  %24 = getelementptr inbounds nuw float, ptr %0, i64 %20
  store float %23, ptr %24, align 4
  %25 = or disjoint i64 %20, 1
  %26 = getelementptr inbounds nuw float, ptr %1, i64 %25
  %27 = load float, ptr %26, align 4
  %28 = tail call float @llvm.fmuladd.f32(float %27, float %2, float %4)
  %29 = getelementptr inbounds nuw float, ptr %0, i64 %25
  store float %28, ptr %29, align 4
  %30 = or disjoint i64 %20, 2
  %31 = getelementptr inbounds nuw float, ptr %1, i64 %30
  %32 = load float, ptr %31, align 4
  %33 = tail call float @llvm.fmuladd.f32(float %32, float %2, float %5)
  %34 = getelementptr inbounds nuw float, ptr %0, i64 %30
  store float %33, ptr %34, align 4
  %35 = or disjoint i64 %20, 3
  %36 = getelementptr inbounds nuw float, ptr %1, i64 %35
  %37 = load float, ptr %36, align 4
  %38 = fmul float %2, %37
  %39 = getelementptr inbounds nuw float, ptr %0, i64 %35
  store float %38, ptr %39, align 4
  br label %40

40:
  ret void

41:
  %42 = phi i64 [ 0, %13 ], [ %85, %41 ]
  %43 = phi i64 [ 0, %13 ], [ %86, %41 ]
  %44 = shl nsw i64 %42, 2
  %45 = getelementptr inbounds nuw float, ptr %1, i64 %44
  %46 = load float, ptr %45, align 4
  %47 = tail call float @llvm.fmuladd.f32(float %46, float %2, float %3)
  %48 = getelementptr inbounds nuw float, ptr %0, i64 %44
  store float %47, ptr %48, align 4
  %49 = or disjoint i64 %44, 1
  %50 = getelementptr inbounds nuw float, ptr %1, i64 %49
  %51 = load float, ptr %50, align 4
  %52 = tail call float @llvm.fmuladd.f32(float %51, float %2, float %4)
  %53 = getelementptr inbounds nuw float, ptr %0, i64 %49
  store float %52, ptr %53, align 4
  %54 = or disjoint i64 %44, 2
  %55 = getelementptr inbounds nuw float, ptr %1, i64 %54
  %56 = load float, ptr %55, align 4
  %57 = tail call float @llvm.fmuladd.f32(float %56, float %2, float %5)
  %58 = getelementptr inbounds nuw float, ptr %0, i64 %54
  store float %57, ptr %58, align 4
  %59 = or disjoint i64 %44, 3
  %60 = getelementptr inbounds nuw float, ptr %1, i64 %59
  %61 = load float, ptr %60, align 4
  %62 = fmul float %2, %61
  %63 = getelementptr inbounds nuw float, ptr %0, i64 %59
  store float %62, ptr %63, align 4
  %64 = shl i64 %42, 2
  %65 = or disjoint i64 %64, 4
  %66 = getelementptr inbounds nuw float, ptr %1, i64 %65
  %67 = load float, ptr %66, align 4
  %68 = tail call float @llvm.fmuladd.f32(float %67, float %2, float %3)
  %69 = getelementptr inbounds nuw float, ptr %0, i64 %65
  store float %68, ptr %69, align 4
  %70 = or disjoint i64 %64, 5
  %71 = getelementptr inbounds nuw float, ptr %1, i64 %70
  %72 = load float, ptr %71, align 4
  %73 = tail call float @llvm.fmuladd.f32(float %72, float %2, float %4)
  %74 = getelementptr inbounds nuw float, ptr %0, i64 %70
  store float %73, ptr %74, align 4
  %75 = or disjoint i64 %64, 6
  %76 = getelementptr inbounds nuw float, ptr %1, i64 %75
  %77 = load float, ptr %76, align 4
  %78 = tail call float @llvm.fmuladd.f32(float %77, float %2, float %5)
  %79 = getelementptr inbounds nuw float, ptr %0, i64 %75
  store float %78, ptr %79, align 4
  %80 = or disjoint i64 %64, 7
  %81 = getelementptr inbounds nuw float, ptr %1, i64 %80
  %82 = load float, ptr %81, align 4
  %83 = fmul float %2, %82
  %84 = getelementptr inbounds nuw float, ptr %0, i64 %80
  store float %83, ptr %84, align 4
  %85 = add nuw nsw i64 %42, 2
  %86 = add i64 %43, 2
  %87 = icmp eq i64 %86, %14
  br i1 %87, label %15, label %41
}

define void @tgt(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, float noundef %2, float noundef %3, float noundef %4, float noundef %5, i32 noundef %6) {
  %8 = icmp sgt i32 %6, 0
  br i1 %8, label %9, label %32

9:
  %10 = zext nneg i32 %6 to i64
  %11 = and i64 %10, 1
  %12 = icmp eq i32 %6, 1
  br i1 %12, label %17, label %13

13:
  %14 = and i64 %10, 2147483646
  br label %33

15:
  %16 = icmp eq i64 %11, 0
  br i1 %16, label %32, label %17

17:
  %18 = phi i64 [ 0, %9 ], [ %51, %15 ]
  %19 = icmp ne i64 %11, 0
  tail call void @llvm.assume(i1 %19)
  %20 = shl nsw i64 %18, 2
  %21 = getelementptr inbounds nuw float, ptr %1, i64 %20
  %22 = getelementptr inbounds nuw float, ptr %0, i64 %20
  %23 = load <4 x float>, ptr %21, align 4
  %24 = insertelement <1 x float> poison, float %2, i32 0
  %25 = shufflevector <1 x float> %24, <1 x float> poison, <4 x i32> <i32 0, i32 0, i32 0, i32 0>
  %26 = insertelement <4 x float> <float poison, float poison, float poison, float 0x0000000000000000>, float %3, i32 0
  %27 = insertelement <4 x float> %26, float %4, i32 1
  %28 = insertelement <4 x float> %27, float %5, i32 2
  %29 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %23, <4 x float> %25, <4 x float> %28)
  %30 = fmul <4 x float> %23, %25
  %31 = shufflevector <4 x float> %29, <4 x float> %30, <4 x i32> <i32 0, i32 1, i32 2, i32 7>
  store <4 x float> %31, ptr %22, align 4
  br label %32

32:
  ret void

33:
  %34 = phi i64 [ 0, %13 ], [ %51, %33 ]
  %35 = phi i64 [ 0, %13 ], [ %52, %33 ]
  %36 = shl nsw i64 %34, 2
  %37 = getelementptr inbounds nuw float, ptr %1, i64 %36
  %38 = getelementptr inbounds nuw float, ptr %0, i64 %36
  %39 = load <8 x float>, ptr %37, align 4
  %40 = insertelement <1 x float> poison, float %2, i32 0
  %41 = shufflevector <1 x float> %40, <1 x float> poison, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %42 = insertelement <8 x float> <float poison, float poison, float poison, float 0x0000000000000000, float poison, float poison, float poison, float 0x0000000000000000>, float %3, i32 0
  %43 = insertelement <8 x float> %42, float %4, i32 1
  %44 = insertelement <8 x float> %43, float %5, i32 2
  %45 = insertelement <8 x float> %44, float %3, i32 4
  %46 = insertelement <8 x float> %45, float %4, i32 5
  %47 = insertelement <8 x float> %46, float %5, i32 6
  %48 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %39, <8 x float> %41, <8 x float> %47)
  %49 = fmul <8 x float> %39, %41
  %50 = shufflevector <8 x float> %48, <8 x float> %49, <8 x i32> <i32 0, i32 1, i32 2, i32 11, i32 4, i32 5, i32 6, i32 15>
  store <8 x float> %50, ptr %38, align 4
  %51 = add nuw nsw i64 %34, 2
  %52 = add i64 %35, 2
  %53 = icmp eq i64 %52, %14
  br i1 %53, label %15, label %33
}
