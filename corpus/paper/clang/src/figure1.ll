; corpus/paper/c/figure1.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SLP-M paper, Figure 1 (from 625.x264_s): four statements with a copy, two shifts and a
; multiply. SLP-M: B[0] -> B[0] * 1 (extension), B[k] << s -> B[k] * 2^s (replacement):
; one vector multiply by <1, 2, 3, 4>.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @figure1(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %35

5:                                                ; preds = %3
  %6 = zext nneg i32 %2 to i64
  %7 = and i64 %6, 1
  %8 = icmp eq i32 %2, 1
  br i1 %8, label %13, label %9

9:                                                ; preds = %5
  %10 = and i64 %6, 2147483646
  br label %36

11:                                               ; preds = %36
  %12 = icmp eq i64 %7, 0
  br i1 %12, label %35, label %13

13:                                               ; preds = %11, %5
  %14 = phi i64 [ 0, %5 ], [ %78, %11 ]
  %15 = icmp ne i64 %7, 0
  tail call void @llvm.assume(i1 %15)
  %16 = shl nsw i64 %14, 2
  %17 = getelementptr inbounds nuw i32, ptr %1, i64 %16
  %18 = load i32, ptr %17, align 4, !tbaa !5
  %19 = getelementptr inbounds nuw i32, ptr %0, i64 %16
  store i32 %18, ptr %19, align 4, !tbaa !5
  %20 = or disjoint i64 %16, 1
  %21 = getelementptr inbounds nuw i32, ptr %1, i64 %20
  %22 = load i32, ptr %21, align 4, !tbaa !5
  %23 = shl i32 %22, 1
  %24 = getelementptr inbounds nuw i32, ptr %0, i64 %20
  store i32 %23, ptr %24, align 4, !tbaa !5
  %25 = or disjoint i64 %16, 2
  %26 = getelementptr inbounds nuw i32, ptr %1, i64 %25
  %27 = load i32, ptr %26, align 4, !tbaa !5
  %28 = mul nsw i32 %27, 3
  %29 = getelementptr inbounds nuw i32, ptr %0, i64 %25
  store i32 %28, ptr %29, align 4, !tbaa !5
  %30 = or disjoint i64 %16, 3
  %31 = getelementptr inbounds nuw i32, ptr %1, i64 %30
  %32 = load i32, ptr %31, align 4, !tbaa !5
  %33 = shl i32 %32, 2
  %34 = getelementptr inbounds nuw i32, ptr %0, i64 %30
  store i32 %33, ptr %34, align 4, !tbaa !5
  br label %35

35:                                               ; preds = %13, %11, %3
  ret void

36:                                               ; preds = %36, %9
  %37 = phi i64 [ 0, %9 ], [ %78, %36 ]
  %38 = phi i64 [ 0, %9 ], [ %79, %36 ]
  %39 = shl nsw i64 %37, 2
  %40 = getelementptr inbounds nuw i32, ptr %1, i64 %39
  %41 = load i32, ptr %40, align 4, !tbaa !5
  %42 = getelementptr inbounds nuw i32, ptr %0, i64 %39
  store i32 %41, ptr %42, align 4, !tbaa !5
  %43 = or disjoint i64 %39, 1
  %44 = getelementptr inbounds nuw i32, ptr %1, i64 %43
  %45 = load i32, ptr %44, align 4, !tbaa !5
  %46 = shl i32 %45, 1
  %47 = getelementptr inbounds nuw i32, ptr %0, i64 %43
  store i32 %46, ptr %47, align 4, !tbaa !5
  %48 = or disjoint i64 %39, 2
  %49 = getelementptr inbounds nuw i32, ptr %1, i64 %48
  %50 = load i32, ptr %49, align 4, !tbaa !5
  %51 = mul nsw i32 %50, 3
  %52 = getelementptr inbounds nuw i32, ptr %0, i64 %48
  store i32 %51, ptr %52, align 4, !tbaa !5
  %53 = or disjoint i64 %39, 3
  %54 = getelementptr inbounds nuw i32, ptr %1, i64 %53
  %55 = load i32, ptr %54, align 4, !tbaa !5
  %56 = shl i32 %55, 2
  %57 = getelementptr inbounds nuw i32, ptr %0, i64 %53
  store i32 %56, ptr %57, align 4, !tbaa !5
  %58 = shl i64 %37, 2
  %59 = or disjoint i64 %58, 4
  %60 = getelementptr inbounds nuw i32, ptr %1, i64 %59
  %61 = load i32, ptr %60, align 4, !tbaa !5
  %62 = getelementptr inbounds nuw i32, ptr %0, i64 %59
  store i32 %61, ptr %62, align 4, !tbaa !5
  %63 = or disjoint i64 %58, 5
  %64 = getelementptr inbounds nuw i32, ptr %1, i64 %63
  %65 = load i32, ptr %64, align 4, !tbaa !5
  %66 = shl i32 %65, 1
  %67 = getelementptr inbounds nuw i32, ptr %0, i64 %63
  store i32 %66, ptr %67, align 4, !tbaa !5
  %68 = or disjoint i64 %58, 6
  %69 = getelementptr inbounds nuw i32, ptr %1, i64 %68
  %70 = load i32, ptr %69, align 4, !tbaa !5
  %71 = mul nsw i32 %70, 3
  %72 = getelementptr inbounds nuw i32, ptr %0, i64 %68
  store i32 %71, ptr %72, align 4, !tbaa !5
  %73 = or disjoint i64 %58, 7
  %74 = getelementptr inbounds nuw i32, ptr %1, i64 %73
  %75 = load i32, ptr %74, align 4, !tbaa !5
  %76 = shl i32 %75, 2
  %77 = getelementptr inbounds nuw i32, ptr %0, i64 %73
  store i32 %76, ptr %77, align 4, !tbaa !5
  %78 = add nuw nsw i64 %37, 2
  %79 = add i64 %38, 2
  %80 = icmp eq i64 %79, %10
  br i1 %80, label %11, label %36, !llvm.loop !9
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
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
