; corpus/paper/c/copy_lanes.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; Missing operations: out = x + y on most lanes, a plain copy of x on two (the paper's
; "different numbers of operations"). SLP-M: extension x + 0.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @copy_lanes(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = icmp sgt i32 %3, 0
  br i1 %5, label %6, label %8

6:                                                ; preds = %4
  %7 = zext nneg i32 %3 to i64
  br label %9

8:                                                ; preds = %9, %4
  ret void

9:                                                ; preds = %6, %9
  %10 = phi i64 [ 0, %6 ], [ %61, %9 ]
  %11 = shl nsw i64 %10, 3
  %12 = getelementptr inbounds nuw i32, ptr %1, i64 %11
  %13 = load i32, ptr %12, align 4, !tbaa !5
  %14 = getelementptr inbounds nuw i32, ptr %2, i64 %11
  %15 = load i32, ptr %14, align 4, !tbaa !5
  %16 = add nsw i32 %15, %13
  %17 = getelementptr inbounds nuw i32, ptr %0, i64 %11
  store i32 %16, ptr %17, align 4, !tbaa !5
  %18 = or disjoint i64 %11, 1
  %19 = getelementptr inbounds nuw i32, ptr %1, i64 %18
  %20 = load i32, ptr %19, align 4, !tbaa !5
  %21 = getelementptr inbounds nuw i32, ptr %0, i64 %18
  store i32 %20, ptr %21, align 4, !tbaa !5
  %22 = or disjoint i64 %11, 2
  %23 = getelementptr inbounds nuw i32, ptr %1, i64 %22
  %24 = load i32, ptr %23, align 4, !tbaa !5
  %25 = getelementptr inbounds nuw i32, ptr %2, i64 %22
  %26 = load i32, ptr %25, align 4, !tbaa !5
  %27 = add nsw i32 %26, %24
  %28 = getelementptr inbounds nuw i32, ptr %0, i64 %22
  store i32 %27, ptr %28, align 4, !tbaa !5
  %29 = or disjoint i64 %11, 3
  %30 = getelementptr inbounds nuw i32, ptr %1, i64 %29
  %31 = load i32, ptr %30, align 4, !tbaa !5
  %32 = getelementptr inbounds nuw i32, ptr %2, i64 %29
  %33 = load i32, ptr %32, align 4, !tbaa !5
  %34 = add nsw i32 %33, %31
  %35 = getelementptr inbounds nuw i32, ptr %0, i64 %29
  store i32 %34, ptr %35, align 4, !tbaa !5
  %36 = or disjoint i64 %11, 4
  %37 = getelementptr inbounds nuw i32, ptr %1, i64 %36
  %38 = load i32, ptr %37, align 4, !tbaa !5
  %39 = getelementptr inbounds nuw i32, ptr %2, i64 %36
  %40 = load i32, ptr %39, align 4, !tbaa !5
  %41 = add nsw i32 %40, %38
  %42 = getelementptr inbounds nuw i32, ptr %0, i64 %36
  store i32 %41, ptr %42, align 4, !tbaa !5
  %43 = or disjoint i64 %11, 5
  %44 = getelementptr inbounds nuw i32, ptr %1, i64 %43
  %45 = load i32, ptr %44, align 4, !tbaa !5
  %46 = getelementptr inbounds nuw i32, ptr %2, i64 %43
  %47 = load i32, ptr %46, align 4, !tbaa !5
  %48 = add nsw i32 %47, %45
  %49 = getelementptr inbounds nuw i32, ptr %0, i64 %43
  store i32 %48, ptr %49, align 4, !tbaa !5
  %50 = or disjoint i64 %11, 6
  %51 = getelementptr inbounds nuw i32, ptr %1, i64 %50
  %52 = load i32, ptr %51, align 4, !tbaa !5
  %53 = getelementptr inbounds nuw i32, ptr %0, i64 %50
  store i32 %52, ptr %53, align 4, !tbaa !5
  %54 = or disjoint i64 %11, 7
  %55 = getelementptr inbounds nuw i32, ptr %1, i64 %54
  %56 = load i32, ptr %55, align 4, !tbaa !5
  %57 = getelementptr inbounds nuw i32, ptr %2, i64 %54
  %58 = load i32, ptr %57, align 4, !tbaa !5
  %59 = add nsw i32 %58, %56
  %60 = getelementptr inbounds nuw i32, ptr %0, i64 %54
  store i32 %59, ptr %60, align 4, !tbaa !5
  %61 = add nuw nsw i64 %10, 1
  %62 = icmp eq i64 %61, %7
  br i1 %62, label %8, label %9, !llvm.loop !9
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }

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
