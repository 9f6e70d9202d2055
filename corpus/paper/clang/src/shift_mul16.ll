; corpus/paper/c/shift_mul16.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; Mixed shifts and multiplies over 8 shorts (the paper's s6 kind): a copy, shifts and
; multiplies by small constants; one vector multiply after SLP-M.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @shift_mul16(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %7

5:                                                ; preds = %3
  %6 = zext nneg i32 %2 to i64
  br label %8

7:                                                ; preds = %8, %3
  ret void

8:                                                ; preds = %5, %8
  %9 = phi i64 [ 0, %5 ], [ %48, %8 ]
  %10 = shl nsw i64 %9, 3
  %11 = getelementptr inbounds nuw i16, ptr %1, i64 %10
  %12 = load i16, ptr %11, align 2, !tbaa !9
  %13 = getelementptr inbounds nuw i16, ptr %0, i64 %10
  store i16 %12, ptr %13, align 2, !tbaa !9
  %14 = or disjoint i64 %10, 1
  %15 = getelementptr inbounds nuw i16, ptr %1, i64 %14
  %16 = load i16, ptr %15, align 2, !tbaa !9
  %17 = mul i16 %16, 5
  %18 = getelementptr inbounds nuw i16, ptr %0, i64 %14
  store i16 %17, ptr %18, align 2, !tbaa !9
  %19 = or disjoint i64 %10, 2
  %20 = getelementptr inbounds nuw i16, ptr %1, i64 %19
  %21 = load i16, ptr %20, align 2, !tbaa !9
  %22 = shl i16 %21, 3
  %23 = getelementptr inbounds nuw i16, ptr %0, i64 %19
  store i16 %22, ptr %23, align 2, !tbaa !9
  %24 = or disjoint i64 %10, 3
  %25 = getelementptr inbounds nuw i16, ptr %1, i64 %24
  %26 = load i16, ptr %25, align 2, !tbaa !9
  %27 = mul i16 %26, 7
  %28 = getelementptr inbounds nuw i16, ptr %0, i64 %24
  store i16 %27, ptr %28, align 2, !tbaa !9
  %29 = or disjoint i64 %10, 4
  %30 = getelementptr inbounds nuw i16, ptr %1, i64 %29
  %31 = load i16, ptr %30, align 2, !tbaa !9
  %32 = shl i16 %31, 1
  %33 = getelementptr inbounds nuw i16, ptr %0, i64 %29
  store i16 %32, ptr %33, align 2, !tbaa !9
  %34 = or disjoint i64 %10, 5
  %35 = getelementptr inbounds nuw i16, ptr %1, i64 %34
  %36 = load i16, ptr %35, align 2, !tbaa !9
  %37 = mul i16 %36, 3
  %38 = getelementptr inbounds nuw i16, ptr %0, i64 %34
  store i16 %37, ptr %38, align 2, !tbaa !9
  %39 = or disjoint i64 %10, 6
  %40 = getelementptr inbounds nuw i16, ptr %1, i64 %39
  %41 = load i16, ptr %40, align 2, !tbaa !9
  %42 = getelementptr inbounds nuw i16, ptr %0, i64 %39
  store i16 %41, ptr %42, align 2, !tbaa !9
  %43 = or disjoint i64 %10, 7
  %44 = getelementptr inbounds nuw i16, ptr %1, i64 %43
  %45 = load i16, ptr %44, align 2, !tbaa !9
  %46 = shl i16 %45, 2
  %47 = getelementptr inbounds nuw i16, ptr %0, i64 %43
  store i16 %46, ptr %47, align 2, !tbaa !9
  %48 = add nuw nsw i64 %9, 1
  %49 = icmp eq i64 %48, %6
  br i1 %49, label %7, label %8, !llvm.loop !11
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
