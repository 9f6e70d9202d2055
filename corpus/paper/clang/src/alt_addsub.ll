; corpus/paper/c/alt_addsub.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; Two operations over the same lanes: complex-number style add/sub pairs (shuffle
; merging: both computed as vectors, blended by one shufflevector).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @alt_addsub(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = icmp sgt i32 %3, 0
  br i1 %5, label %6, label %8

6:                                                ; preds = %4
  %7 = zext nneg i32 %3 to i64
  br label %9

8:                                                ; preds = %9, %4
  ret void

9:                                                ; preds = %6, %9
  %10 = phi i64 [ 0, %6 ], [ %39, %9 ]
  %11 = shl nsw i64 %10, 2
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
  %21 = getelementptr inbounds nuw i32, ptr %2, i64 %18
  %22 = load i32, ptr %21, align 4, !tbaa !5
  %23 = sub nsw i32 %20, %22
  %24 = getelementptr inbounds nuw i32, ptr %0, i64 %18
  store i32 %23, ptr %24, align 4, !tbaa !5
  %25 = or disjoint i64 %11, 2
  %26 = getelementptr inbounds nuw i32, ptr %1, i64 %25
  %27 = load i32, ptr %26, align 4, !tbaa !5
  %28 = getelementptr inbounds nuw i32, ptr %2, i64 %25
  %29 = load i32, ptr %28, align 4, !tbaa !5
  %30 = add nsw i32 %29, %27
  %31 = getelementptr inbounds nuw i32, ptr %0, i64 %25
  store i32 %30, ptr %31, align 4, !tbaa !5
  %32 = or disjoint i64 %11, 3
  %33 = getelementptr inbounds nuw i32, ptr %1, i64 %32
  %34 = load i32, ptr %33, align 4, !tbaa !5
  %35 = getelementptr inbounds nuw i32, ptr %2, i64 %32
  %36 = load i32, ptr %35, align 4, !tbaa !5
  %37 = sub nsw i32 %34, %36
  %38 = getelementptr inbounds nuw i32, ptr %0, i64 %32
  store i32 %37, ptr %38, align 4, !tbaa !5
  %39 = add nuw nsw i64 %10, 1
  %40 = icmp eq i64 %39, %7
  br i1 %40, label %8, label %9, !llvm.loop !9
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
