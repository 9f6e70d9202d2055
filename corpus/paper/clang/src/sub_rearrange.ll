; corpus/paper/c/sub_rearrange.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SN-SLP's subtraction rearrangement: a = b - c - d next to a = b - d - c (the same value,
; the subtrahends in another order); (b - d) - c becomes (b - c) - d.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @sub_rearrange(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2, ptr noalias noundef readonly captures(none) %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = icmp sgt i32 %4, 0
  br i1 %6, label %7, label %9

7:                                                ; preds = %5
  %8 = zext nneg i32 %4 to i64
  br label %10

9:                                                ; preds = %10, %5
  ret void

10:                                               ; preds = %7, %10
  %11 = phi i64 [ 0, %7 ], [ %52, %10 ]
  %12 = shl nsw i64 %11, 2
  %13 = getelementptr inbounds nuw i32, ptr %1, i64 %12
  %14 = load i32, ptr %13, align 4, !tbaa !5
  %15 = getelementptr inbounds nuw i32, ptr %2, i64 %12
  %16 = load i32, ptr %15, align 4, !tbaa !5
  %17 = getelementptr inbounds nuw i32, ptr %3, i64 %12
  %18 = load i32, ptr %17, align 4, !tbaa !5
  %19 = add i32 %16, %18
  %20 = sub i32 %14, %19
  %21 = getelementptr inbounds nuw i32, ptr %0, i64 %12
  store i32 %20, ptr %21, align 4, !tbaa !5
  %22 = or disjoint i64 %12, 1
  %23 = getelementptr inbounds nuw i32, ptr %1, i64 %22
  %24 = load i32, ptr %23, align 4, !tbaa !5
  %25 = getelementptr inbounds nuw i32, ptr %3, i64 %22
  %26 = load i32, ptr %25, align 4, !tbaa !5
  %27 = getelementptr inbounds nuw i32, ptr %2, i64 %22
  %28 = load i32, ptr %27, align 4, !tbaa !5
  %29 = add i32 %26, %28
  %30 = sub i32 %24, %29
  %31 = getelementptr inbounds nuw i32, ptr %0, i64 %22
  store i32 %30, ptr %31, align 4, !tbaa !5
  %32 = or disjoint i64 %12, 2
  %33 = getelementptr inbounds nuw i32, ptr %1, i64 %32
  %34 = load i32, ptr %33, align 4, !tbaa !5
  %35 = getelementptr inbounds nuw i32, ptr %2, i64 %32
  %36 = load i32, ptr %35, align 4, !tbaa !5
  %37 = getelementptr inbounds nuw i32, ptr %3, i64 %32
  %38 = load i32, ptr %37, align 4, !tbaa !5
  %39 = add i32 %36, %38
  %40 = sub i32 %34, %39
  %41 = getelementptr inbounds nuw i32, ptr %0, i64 %32
  store i32 %40, ptr %41, align 4, !tbaa !5
  %42 = or disjoint i64 %12, 3
  %43 = getelementptr inbounds nuw i32, ptr %1, i64 %42
  %44 = load i32, ptr %43, align 4, !tbaa !5
  %45 = getelementptr inbounds nuw i32, ptr %3, i64 %42
  %46 = load i32, ptr %45, align 4, !tbaa !5
  %47 = getelementptr inbounds nuw i32, ptr %2, i64 %42
  %48 = load i32, ptr %47, align 4, !tbaa !5
  %49 = add i32 %46, %48
  %50 = sub i32 %44, %49
  %51 = getelementptr inbounds nuw i32, ptr %0, i64 %42
  store i32 %50, ptr %51, align 4, !tbaa !5
  %52 = add nuw nsw i64 %11, 1
  %53 = icmp eq i64 %52, %8
  br i1 %53, label %9, label %10, !llvm.loop !9
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
