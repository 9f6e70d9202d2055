; corpus/paper/c/dot_reduce.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; A horizontal reduction (seed 000's add_red, integer form): the sum of eight weighted
; elements per block.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @dot_reduce(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %42

5:                                                ; preds = %3
  %6 = zext nneg i32 %2 to i64
  %7 = and i64 %6, 1
  %8 = icmp eq i32 %2, 1
  br i1 %8, label %13, label %9

9:                                                ; preds = %5
  %10 = and i64 %6, 2147483646
  br label %43

11:                                               ; preds = %43
  %12 = icmp eq i64 %7, 0
  br i1 %12, label %42, label %13

13:                                               ; preds = %11, %5
  %14 = phi i64 [ 0, %5 ], [ %99, %11 ]
  %15 = icmp ne i64 %7, 0
  tail call void @llvm.assume(i1 %15)
  %16 = shl nsw i64 %14, 5
  %17 = getelementptr inbounds nuw i8, ptr %1, i64 %16
  %18 = load i32, ptr %17, align 4, !tbaa !5
  %19 = getelementptr inbounds nuw i8, ptr %17, i64 4
  %20 = load i32, ptr %19, align 4, !tbaa !5
  %21 = add i32 %20, %18
  %22 = getelementptr inbounds nuw i8, ptr %17, i64 8
  %23 = load i32, ptr %22, align 4, !tbaa !5
  %24 = add i32 %21, %23
  %25 = getelementptr inbounds nuw i8, ptr %17, i64 12
  %26 = load i32, ptr %25, align 4, !tbaa !5
  %27 = add i32 %24, %26
  %28 = getelementptr inbounds nuw i8, ptr %17, i64 16
  %29 = load i32, ptr %28, align 4, !tbaa !5
  %30 = add i32 %27, %29
  %31 = getelementptr inbounds nuw i8, ptr %17, i64 20
  %32 = load i32, ptr %31, align 4, !tbaa !5
  %33 = add i32 %30, %32
  %34 = getelementptr inbounds nuw i8, ptr %17, i64 24
  %35 = load i32, ptr %34, align 4, !tbaa !5
  %36 = add i32 %33, %35
  %37 = getelementptr inbounds nuw i8, ptr %17, i64 28
  %38 = load i32, ptr %37, align 4, !tbaa !5
  %39 = add i32 %36, %38
  %40 = mul i32 %39, 7
  %41 = getelementptr inbounds nuw i32, ptr %0, i64 %14
  store i32 %40, ptr %41, align 4, !tbaa !5
  br label %42

42:                                               ; preds = %13, %11, %3
  ret void

43:                                               ; preds = %43, %9
  %44 = phi i64 [ 0, %9 ], [ %99, %43 ]
  %45 = phi i64 [ 0, %9 ], [ %100, %43 ]
  %46 = shl nsw i64 %44, 5
  %47 = getelementptr inbounds nuw i8, ptr %1, i64 %46
  %48 = load i32, ptr %47, align 4, !tbaa !5
  %49 = getelementptr inbounds nuw i8, ptr %47, i64 4
  %50 = load i32, ptr %49, align 4, !tbaa !5
  %51 = add i32 %50, %48
  %52 = getelementptr inbounds nuw i8, ptr %47, i64 8
  %53 = load i32, ptr %52, align 4, !tbaa !5
  %54 = add i32 %51, %53
  %55 = getelementptr inbounds nuw i8, ptr %47, i64 12
  %56 = load i32, ptr %55, align 4, !tbaa !5
  %57 = add i32 %54, %56
  %58 = getelementptr inbounds nuw i8, ptr %47, i64 16
  %59 = load i32, ptr %58, align 4, !tbaa !5
  %60 = add i32 %57, %59
  %61 = getelementptr inbounds nuw i8, ptr %47, i64 20
  %62 = load i32, ptr %61, align 4, !tbaa !5
  %63 = add i32 %60, %62
  %64 = getelementptr inbounds nuw i8, ptr %47, i64 24
  %65 = load i32, ptr %64, align 4, !tbaa !5
  %66 = add i32 %63, %65
  %67 = getelementptr inbounds nuw i8, ptr %47, i64 28
  %68 = load i32, ptr %67, align 4, !tbaa !5
  %69 = add i32 %66, %68
  %70 = mul i32 %69, 7
  %71 = getelementptr inbounds nuw i32, ptr %0, i64 %44
  store i32 %70, ptr %71, align 4, !tbaa !5
  %72 = or disjoint i64 %44, 1
  %73 = shl nsw i64 %72, 5
  %74 = getelementptr inbounds nuw i8, ptr %1, i64 %73
  %75 = load i32, ptr %74, align 4, !tbaa !5
  %76 = getelementptr inbounds nuw i8, ptr %74, i64 4
  %77 = load i32, ptr %76, align 4, !tbaa !5
  %78 = add i32 %77, %75
  %79 = getelementptr inbounds nuw i8, ptr %74, i64 8
  %80 = load i32, ptr %79, align 4, !tbaa !5
  %81 = add i32 %78, %80
  %82 = getelementptr inbounds nuw i8, ptr %74, i64 12
  %83 = load i32, ptr %82, align 4, !tbaa !5
  %84 = add i32 %81, %83
  %85 = getelementptr inbounds nuw i8, ptr %74, i64 16
  %86 = load i32, ptr %85, align 4, !tbaa !5
  %87 = add i32 %84, %86
  %88 = getelementptr inbounds nuw i8, ptr %74, i64 20
  %89 = load i32, ptr %88, align 4, !tbaa !5
  %90 = add i32 %87, %89
  %91 = getelementptr inbounds nuw i8, ptr %74, i64 24
  %92 = load i32, ptr %91, align 4, !tbaa !5
  %93 = add i32 %90, %92
  %94 = getelementptr inbounds nuw i8, ptr %74, i64 28
  %95 = load i32, ptr %94, align 4, !tbaa !5
  %96 = add i32 %93, %95
  %97 = mul i32 %96, 7
  %98 = getelementptr inbounds nuw i32, ptr %0, i64 %72
  store i32 %97, ptr %98, align 4, !tbaa !5
  %99 = add nuw nsw i64 %44, 2
  %100 = add i64 %45, 2
  %101 = icmp eq i64 %100, %10
  br i1 %101, label %11, label %43, !llvm.loop !9
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
