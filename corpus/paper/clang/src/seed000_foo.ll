; corpus/paper/c/seed000_foo.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; Bottom-up SLP (seed 000): a[i] = (b[i] + c[i]) * (d[i] - e[i]), isomorphic lanes.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @seed000_foo(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2, ptr noalias noundef readonly captures(none) %3, ptr noalias noundef readonly captures(none) %4, i32 noundef %5) local_unnamed_addr #0 {
  %7 = icmp sgt i32 %5, 0
  br i1 %7, label %8, label %10

8:                                                ; preds = %6
  %9 = zext nneg i32 %5 to i64
  br label %11

10:                                               ; preds = %11, %6
  ret void

11:                                               ; preds = %8, %11
  %12 = phi i64 [ 0, %8 ], [ %65, %11 ]
  %13 = shl nsw i64 %12, 2
  %14 = getelementptr inbounds nuw i32, ptr %1, i64 %13
  %15 = load i32, ptr %14, align 4, !tbaa !5
  %16 = getelementptr inbounds nuw i32, ptr %2, i64 %13
  %17 = load i32, ptr %16, align 4, !tbaa !5
  %18 = add nsw i32 %17, %15
  %19 = getelementptr inbounds nuw i32, ptr %3, i64 %13
  %20 = load i32, ptr %19, align 4, !tbaa !5
  %21 = getelementptr inbounds nuw i32, ptr %4, i64 %13
  %22 = load i32, ptr %21, align 4, !tbaa !5
  %23 = sub nsw i32 %20, %22
  %24 = mul nsw i32 %23, %18
  %25 = getelementptr inbounds nuw i32, ptr %0, i64 %13
  store i32 %24, ptr %25, align 4, !tbaa !5
  %26 = or disjoint i64 %13, 1
  %27 = getelementptr inbounds nuw i32, ptr %1, i64 %26
  %28 = load i32, ptr %27, align 4, !tbaa !5
  %29 = getelementptr inbounds nuw i32, ptr %2, i64 %26
  %30 = load i32, ptr %29, align 4, !tbaa !5
  %31 = add nsw i32 %30, %28
  %32 = getelementptr inbounds nuw i32, ptr %3, i64 %26
  %33 = load i32, ptr %32, align 4, !tbaa !5
  %34 = getelementptr inbounds nuw i32, ptr %4, i64 %26
  %35 = load i32, ptr %34, align 4, !tbaa !5
  %36 = sub nsw i32 %33, %35
  %37 = mul nsw i32 %36, %31
  %38 = getelementptr inbounds nuw i32, ptr %0, i64 %26
  store i32 %37, ptr %38, align 4, !tbaa !5
  %39 = or disjoint i64 %13, 2
  %40 = getelementptr inbounds nuw i32, ptr %1, i64 %39
  %41 = load i32, ptr %40, align 4, !tbaa !5
  %42 = getelementptr inbounds nuw i32, ptr %2, i64 %39
  %43 = load i32, ptr %42, align 4, !tbaa !5
  %44 = add nsw i32 %43, %41
  %45 = getelementptr inbounds nuw i32, ptr %3, i64 %39
  %46 = load i32, ptr %45, align 4, !tbaa !5
  %47 = getelementptr inbounds nuw i32, ptr %4, i64 %39
  %48 = load i32, ptr %47, align 4, !tbaa !5
  %49 = sub nsw i32 %46, %48
  %50 = mul nsw i32 %49, %44
  %51 = getelementptr inbounds nuw i32, ptr %0, i64 %39
  store i32 %50, ptr %51, align 4, !tbaa !5
  %52 = or disjoint i64 %13, 3
  %53 = getelementptr inbounds nuw i32, ptr %1, i64 %52
  %54 = load i32, ptr %53, align 4, !tbaa !5
  %55 = getelementptr inbounds nuw i32, ptr %2, i64 %52
  %56 = load i32, ptr %55, align 4, !tbaa !5
  %57 = add nsw i32 %56, %54
  %58 = getelementptr inbounds nuw i32, ptr %3, i64 %52
  %59 = load i32, ptr %58, align 4, !tbaa !5
  %60 = getelementptr inbounds nuw i32, ptr %4, i64 %52
  %61 = load i32, ptr %60, align 4, !tbaa !5
  %62 = sub nsw i32 %59, %61
  %63 = mul nsw i32 %62, %57
  %64 = getelementptr inbounds nuw i32, ptr %0, i64 %52
  store i32 %63, ptr %64, align 4, !tbaa !5
  %65 = add nuw nsw i64 %12, 1
  %66 = icmp eq i64 %65, %9
  br i1 %66, label %10, label %11, !llvm.loop !9
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
