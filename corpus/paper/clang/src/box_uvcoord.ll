; corpus/paper/c/box_uvcoord.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SLP-M paper, box_UVCoord (Figures 13b, 14, from 453.povray): texture coordinates scaled
; by powers of two, one written as a division and one as a multiply.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @box_uvcoord(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %36

5:                                                ; preds = %3
  %6 = zext nneg i32 %2 to i64
  %7 = and i64 %6, 1
  %8 = icmp eq i32 %2, 1
  br i1 %8, label %13, label %9

9:                                                ; preds = %5
  %10 = and i64 %6, 2147483646
  br label %37

11:                                               ; preds = %37
  %12 = icmp eq i64 %7, 0
  br i1 %12, label %36, label %13

13:                                               ; preds = %11, %5
  %14 = phi i64 [ 0, %5 ], [ %81, %11 ]
  %15 = icmp ne i64 %7, 0
  tail call void @llvm.assume(i1 %15)
  %16 = shl nsw i64 %14, 2
  %17 = getelementptr inbounds nuw float, ptr %1, i64 %16
  %18 = load float, ptr %17, align 4, !tbaa !9
  %19 = fmul float %18, 5.000000e-01
  %20 = getelementptr inbounds nuw float, ptr %0, i64 %16
  store float %19, ptr %20, align 4, !tbaa !9
  %21 = or disjoint i64 %16, 1
  %22 = getelementptr inbounds nuw float, ptr %1, i64 %21
  %23 = load float, ptr %22, align 4, !tbaa !9
  %24 = fmul float %23, 2.500000e-01
  %25 = getelementptr inbounds nuw float, ptr %0, i64 %21
  store float %24, ptr %25, align 4, !tbaa !9
  %26 = or disjoint i64 %16, 2
  %27 = getelementptr inbounds nuw float, ptr %1, i64 %26
  %28 = load float, ptr %27, align 4, !tbaa !9
  %29 = fmul float %28, 1.250000e-01
  %30 = getelementptr inbounds nuw float, ptr %0, i64 %26
  store float %29, ptr %30, align 4, !tbaa !9
  %31 = or disjoint i64 %16, 3
  %32 = getelementptr inbounds nuw float, ptr %1, i64 %31
  %33 = load float, ptr %32, align 4, !tbaa !9
  %34 = fmul float %33, 5.000000e-01
  %35 = getelementptr inbounds nuw float, ptr %0, i64 %31
  store float %34, ptr %35, align 4, !tbaa !9
  br label %36

36:                                               ; preds = %13, %11, %3
  ret void

37:                                               ; preds = %37, %9
  %38 = phi i64 [ 0, %9 ], [ %81, %37 ]
  %39 = phi i64 [ 0, %9 ], [ %82, %37 ]
  %40 = shl nsw i64 %38, 2
  %41 = getelementptr inbounds nuw float, ptr %1, i64 %40
  %42 = load float, ptr %41, align 4, !tbaa !9
  %43 = fmul float %42, 5.000000e-01
  %44 = getelementptr inbounds nuw float, ptr %0, i64 %40
  store float %43, ptr %44, align 4, !tbaa !9
  %45 = or disjoint i64 %40, 1
  %46 = getelementptr inbounds nuw float, ptr %1, i64 %45
  %47 = load float, ptr %46, align 4, !tbaa !9
  %48 = fmul float %47, 2.500000e-01
  %49 = getelementptr inbounds nuw float, ptr %0, i64 %45
  store float %48, ptr %49, align 4, !tbaa !9
  %50 = or disjoint i64 %40, 2
  %51 = getelementptr inbounds nuw float, ptr %1, i64 %50
  %52 = load float, ptr %51, align 4, !tbaa !9
  %53 = fmul float %52, 1.250000e-01
  %54 = getelementptr inbounds nuw float, ptr %0, i64 %50
  store float %53, ptr %54, align 4, !tbaa !9
  %55 = or disjoint i64 %40, 3
  %56 = getelementptr inbounds nuw float, ptr %1, i64 %55
  %57 = load float, ptr %56, align 4, !tbaa !9
  %58 = fmul float %57, 5.000000e-01
  %59 = getelementptr inbounds nuw float, ptr %0, i64 %55
  store float %58, ptr %59, align 4, !tbaa !9
  %60 = shl i64 %38, 2
  %61 = or disjoint i64 %60, 4
  %62 = getelementptr inbounds nuw float, ptr %1, i64 %61
  %63 = load float, ptr %62, align 4, !tbaa !9
  %64 = fmul float %63, 5.000000e-01
  %65 = getelementptr inbounds nuw float, ptr %0, i64 %61
  store float %64, ptr %65, align 4, !tbaa !9
  %66 = or disjoint i64 %60, 5
  %67 = getelementptr inbounds nuw float, ptr %1, i64 %66
  %68 = load float, ptr %67, align 4, !tbaa !9
  %69 = fmul float %68, 2.500000e-01
  %70 = getelementptr inbounds nuw float, ptr %0, i64 %66
  store float %69, ptr %70, align 4, !tbaa !9
  %71 = or disjoint i64 %60, 6
  %72 = getelementptr inbounds nuw float, ptr %1, i64 %71
  %73 = load float, ptr %72, align 4, !tbaa !9
  %74 = fmul float %73, 1.250000e-01
  %75 = getelementptr inbounds nuw float, ptr %0, i64 %71
  store float %74, ptr %75, align 4, !tbaa !9
  %76 = or disjoint i64 %60, 7
  %77 = getelementptr inbounds nuw float, ptr %1, i64 %76
  %78 = load float, ptr %77, align 4, !tbaa !9
  %79 = fmul float %78, 5.000000e-01
  %80 = getelementptr inbounds nuw float, ptr %0, i64 %76
  store float %79, ptr %80, align 4, !tbaa !9
  %81 = add nuw nsw i64 %38, 2
  %82 = add i64 %39, 2
  %83 = icmp eq i64 %82, %10
  br i1 %83, label %11, label %37, !llvm.loop !11
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #1

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }

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
