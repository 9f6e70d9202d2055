; corpus/paper/c/gl_render_vb_fmuladd.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SLP-M paper, gl_render_vb as float code (a viewport transform): three lanes compute
; w * s + t, the fourth only w * s. clang-22 contracts the three into llvm.fmuladd
; (-ffp-contract=on, its default) and leaves the fourth an fmul: the lanes mix a call
; with an fmul. SLP-M: the vector fmuladd and a vector fmul blended by one shuffle.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gl_render_vb_fmuladd(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, float noundef %2, float noundef %3, float noundef %4, float noundef %5, i32 noundef %6) local_unnamed_addr #0 {
  %8 = icmp sgt i32 %6, 0
  br i1 %8, label %9, label %40

9:                                                ; preds = %7
  %10 = zext nneg i32 %6 to i64
  %11 = and i64 %10, 1
  %12 = icmp eq i32 %6, 1
  br i1 %12, label %17, label %13

13:                                               ; preds = %9
  %14 = and i64 %10, 2147483646
  br label %41

15:                                               ; preds = %41
  %16 = icmp eq i64 %11, 0
  br i1 %16, label %40, label %17

17:                                               ; preds = %15, %9
  %18 = phi i64 [ 0, %9 ], [ %85, %15 ]
  %19 = icmp ne i64 %11, 0
  tail call void @llvm.assume(i1 %19)
  %20 = shl nsw i64 %18, 2
  %21 = getelementptr inbounds nuw float, ptr %1, i64 %20
  %22 = load float, ptr %21, align 4, !tbaa !9
  %23 = tail call float @llvm.fmuladd.f32(float %22, float %2, float %3)
  %24 = getelementptr inbounds nuw float, ptr %0, i64 %20
  store float %23, ptr %24, align 4, !tbaa !9
  %25 = or disjoint i64 %20, 1
  %26 = getelementptr inbounds nuw float, ptr %1, i64 %25
  %27 = load float, ptr %26, align 4, !tbaa !9
  %28 = tail call float @llvm.fmuladd.f32(float %27, float %2, float %4)
  %29 = getelementptr inbounds nuw float, ptr %0, i64 %25
  store float %28, ptr %29, align 4, !tbaa !9
  %30 = or disjoint i64 %20, 2
  %31 = getelementptr inbounds nuw float, ptr %1, i64 %30
  %32 = load float, ptr %31, align 4, !tbaa !9
  %33 = tail call float @llvm.fmuladd.f32(float %32, float %2, float %5)
  %34 = getelementptr inbounds nuw float, ptr %0, i64 %30
  store float %33, ptr %34, align 4, !tbaa !9
  %35 = or disjoint i64 %20, 3
  %36 = getelementptr inbounds nuw float, ptr %1, i64 %35
  %37 = load float, ptr %36, align 4, !tbaa !9
  %38 = fmul float %2, %37
  %39 = getelementptr inbounds nuw float, ptr %0, i64 %35
  store float %38, ptr %39, align 4, !tbaa !9
  br label %40

40:                                               ; preds = %17, %15, %7
  ret void

41:                                               ; preds = %41, %13
  %42 = phi i64 [ 0, %13 ], [ %85, %41 ]
  %43 = phi i64 [ 0, %13 ], [ %86, %41 ]
  %44 = shl nsw i64 %42, 2
  %45 = getelementptr inbounds nuw float, ptr %1, i64 %44
  %46 = load float, ptr %45, align 4, !tbaa !9
  %47 = tail call float @llvm.fmuladd.f32(float %46, float %2, float %3)
  %48 = getelementptr inbounds nuw float, ptr %0, i64 %44
  store float %47, ptr %48, align 4, !tbaa !9
  %49 = or disjoint i64 %44, 1
  %50 = getelementptr inbounds nuw float, ptr %1, i64 %49
  %51 = load float, ptr %50, align 4, !tbaa !9
  %52 = tail call float @llvm.fmuladd.f32(float %51, float %2, float %4)
  %53 = getelementptr inbounds nuw float, ptr %0, i64 %49
  store float %52, ptr %53, align 4, !tbaa !9
  %54 = or disjoint i64 %44, 2
  %55 = getelementptr inbounds nuw float, ptr %1, i64 %54
  %56 = load float, ptr %55, align 4, !tbaa !9
  %57 = tail call float @llvm.fmuladd.f32(float %56, float %2, float %5)
  %58 = getelementptr inbounds nuw float, ptr %0, i64 %54
  store float %57, ptr %58, align 4, !tbaa !9
  %59 = or disjoint i64 %44, 3
  %60 = getelementptr inbounds nuw float, ptr %1, i64 %59
  %61 = load float, ptr %60, align 4, !tbaa !9
  %62 = fmul float %2, %61
  %63 = getelementptr inbounds nuw float, ptr %0, i64 %59
  store float %62, ptr %63, align 4, !tbaa !9
  %64 = shl i64 %42, 2
  %65 = or disjoint i64 %64, 4
  %66 = getelementptr inbounds nuw float, ptr %1, i64 %65
  %67 = load float, ptr %66, align 4, !tbaa !9
  %68 = tail call float @llvm.fmuladd.f32(float %67, float %2, float %3)
  %69 = getelementptr inbounds nuw float, ptr %0, i64 %65
  store float %68, ptr %69, align 4, !tbaa !9
  %70 = or disjoint i64 %64, 5
  %71 = getelementptr inbounds nuw float, ptr %1, i64 %70
  %72 = load float, ptr %71, align 4, !tbaa !9
  %73 = tail call float @llvm.fmuladd.f32(float %72, float %2, float %4)
  %74 = getelementptr inbounds nuw float, ptr %0, i64 %70
  store float %73, ptr %74, align 4, !tbaa !9
  %75 = or disjoint i64 %64, 6
  %76 = getelementptr inbounds nuw float, ptr %1, i64 %75
  %77 = load float, ptr %76, align 4, !tbaa !9
  %78 = tail call float @llvm.fmuladd.f32(float %77, float %2, float %5)
  %79 = getelementptr inbounds nuw float, ptr %0, i64 %75
  store float %78, ptr %79, align 4, !tbaa !9
  %80 = or disjoint i64 %64, 7
  %81 = getelementptr inbounds nuw float, ptr %1, i64 %80
  %82 = load float, ptr %81, align 4, !tbaa !9
  %83 = fmul float %2, %82
  %84 = getelementptr inbounds nuw float, ptr %0, i64 %80
  store float %83, ptr %84, align 4, !tbaa !9
  %85 = add nuw nsw i64 %42, 2
  %86 = add i64 %43, 2
  %87 = icmp eq i64 %86, %14
  br i1 %87, label %15, label %41, !llvm.loop !11
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #2

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
