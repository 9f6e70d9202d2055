; corpus/paper/c/start_pass.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SLP-M paper, start_pass (Figure 17, libjpeg's jcdctmgr.c): DESCALE(b[j] * aanscales[j], 11).
; Constant folding turns lane 0, ((b * 16384) + 1024) >> 11, into b << 3.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @start_pass(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %7

5:                                                ; preds = %3
  %6 = zext nneg i32 %2 to i64
  br label %8

7:                                                ; preds = %8, %3
  ret void

8:                                                ; preds = %5, %8
  %9 = phi i64 [ 0, %5 ], [ %40, %8 ]
  %10 = shl nsw i64 %9, 2
  %11 = getelementptr inbounds nuw i16, ptr %1, i64 %10
  %12 = load i16, ptr %11, align 2, !tbaa !9
  %13 = sext i16 %12 to i32
  %14 = shl nsw i32 %13, 3
  %15 = getelementptr inbounds nuw i32, ptr %0, i64 %10
  store i32 %14, ptr %15, align 4, !tbaa !5
  %16 = or disjoint i64 %10, 1
  %17 = getelementptr inbounds nuw i16, ptr %1, i64 %16
  %18 = load i16, ptr %17, align 2, !tbaa !9
  %19 = sext i16 %18 to i32
  %20 = mul nsw i32 %19, 22725
  %21 = add nsw i32 %20, 1024
  %22 = ashr i32 %21, 11
  %23 = getelementptr inbounds nuw i32, ptr %0, i64 %16
  store i32 %22, ptr %23, align 4, !tbaa !5
  %24 = or disjoint i64 %10, 2
  %25 = getelementptr inbounds nuw i16, ptr %1, i64 %24
  %26 = load i16, ptr %25, align 2, !tbaa !9
  %27 = sext i16 %26 to i32
  %28 = mul nsw i32 %27, 21407
  %29 = add nsw i32 %28, 1024
  %30 = ashr i32 %29, 11
  %31 = getelementptr inbounds nuw i32, ptr %0, i64 %24
  store i32 %30, ptr %31, align 4, !tbaa !5
  %32 = or disjoint i64 %10, 3
  %33 = getelementptr inbounds nuw i16, ptr %1, i64 %32
  %34 = load i16, ptr %33, align 2, !tbaa !9
  %35 = sext i16 %34 to i32
  %36 = mul nsw i32 %35, 19266
  %37 = add nsw i32 %36, 1024
  %38 = ashr i32 %37, 11
  %39 = getelementptr inbounds nuw i32, ptr %0, i64 %32
  store i32 %38, ptr %39, align 4, !tbaa !5
  %40 = add nuw nsw i64 %9, 1
  %41 = icmp eq i64 %40, %6
  br i1 %41, label %7, label %8, !llvm.loop !11
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
!9 = !{!10, !10, i64 0}
!10 = !{!"short", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
