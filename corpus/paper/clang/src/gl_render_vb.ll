; corpus/paper/c/gl_render_vb.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; SLP-M paper, gl_render_vb (Figures 11a, 12): four isomorphic statements v[j] = w[j] - d[j],
; except that the compiler folds the last one's "- 0". SLP-M: extension w[3] - 0.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gl_render_vb(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = icmp sgt i32 %3, 0
  br i1 %5, label %6, label %38

6:                                                ; preds = %4
  %7 = mul i32 %2, -3
  %8 = shl nsw i32 %2, 1
  %9 = zext nneg i32 %3 to i64
  %10 = and i64 %9, 1
  %11 = icmp eq i32 %3, 1
  br i1 %11, label %16, label %12

12:                                               ; preds = %6
  %13 = and i64 %9, 2147483646
  br label %39

14:                                               ; preds = %39
  %15 = icmp eq i64 %10, 0
  br i1 %15, label %38, label %16

16:                                               ; preds = %14, %6
  %17 = phi i64 [ 0, %6 ], [ %81, %14 ]
  %18 = icmp ne i64 %10, 0
  tail call void @llvm.assume(i1 %18)
  %19 = shl nsw i64 %17, 2
  %20 = getelementptr inbounds nuw i32, ptr %1, i64 %19
  %21 = load i32, ptr %20, align 4, !tbaa !5
  %22 = add i32 %21, %7
  %23 = getelementptr inbounds nuw i32, ptr %0, i64 %19
  store i32 %22, ptr %23, align 4, !tbaa !5
  %24 = or disjoint i64 %19, 1
  %25 = getelementptr inbounds nuw i32, ptr %1, i64 %24
  %26 = load i32, ptr %25, align 4, !tbaa !5
  %27 = sub nsw i32 %26, %8
  %28 = getelementptr inbounds nuw i32, ptr %0, i64 %24
  store i32 %27, ptr %28, align 4, !tbaa !5
  %29 = or disjoint i64 %19, 2
  %30 = getelementptr inbounds nuw i32, ptr %1, i64 %29
  %31 = load i32, ptr %30, align 4, !tbaa !5
  %32 = sub nsw i32 %31, %2
  %33 = getelementptr inbounds nuw i32, ptr %0, i64 %29
  store i32 %32, ptr %33, align 4, !tbaa !5
  %34 = or disjoint i64 %19, 3
  %35 = getelementptr inbounds nuw i32, ptr %1, i64 %34
  %36 = load i32, ptr %35, align 4, !tbaa !5
  %37 = getelementptr inbounds nuw i32, ptr %0, i64 %34
  store i32 %36, ptr %37, align 4, !tbaa !5
  br label %38

38:                                               ; preds = %16, %14, %4
  ret void

39:                                               ; preds = %39, %12
  %40 = phi i64 [ 0, %12 ], [ %81, %39 ]
  %41 = phi i64 [ 0, %12 ], [ %82, %39 ]
  %42 = shl nsw i64 %40, 2
  %43 = getelementptr inbounds nuw i32, ptr %1, i64 %42
  %44 = load i32, ptr %43, align 4, !tbaa !5
  %45 = add i32 %44, %7
  %46 = getelementptr inbounds nuw i32, ptr %0, i64 %42
  store i32 %45, ptr %46, align 4, !tbaa !5
  %47 = or disjoint i64 %42, 1
  %48 = getelementptr inbounds nuw i32, ptr %1, i64 %47
  %49 = load i32, ptr %48, align 4, !tbaa !5
  %50 = sub nsw i32 %49, %8
  %51 = getelementptr inbounds nuw i32, ptr %0, i64 %47
  store i32 %50, ptr %51, align 4, !tbaa !5
  %52 = or disjoint i64 %42, 2
  %53 = getelementptr inbounds nuw i32, ptr %1, i64 %52
  %54 = load i32, ptr %53, align 4, !tbaa !5
  %55 = sub nsw i32 %54, %2
  %56 = getelementptr inbounds nuw i32, ptr %0, i64 %52
  store i32 %55, ptr %56, align 4, !tbaa !5
  %57 = or disjoint i64 %42, 3
  %58 = getelementptr inbounds nuw i32, ptr %1, i64 %57
  %59 = load i32, ptr %58, align 4, !tbaa !5
  %60 = getelementptr inbounds nuw i32, ptr %0, i64 %57
  store i32 %59, ptr %60, align 4, !tbaa !5
  %61 = shl i64 %40, 2
  %62 = or disjoint i64 %61, 4
  %63 = getelementptr inbounds nuw i32, ptr %1, i64 %62
  %64 = load i32, ptr %63, align 4, !tbaa !5
  %65 = add i32 %64, %7
  %66 = getelementptr inbounds nuw i32, ptr %0, i64 %62
  store i32 %65, ptr %66, align 4, !tbaa !5
  %67 = or disjoint i64 %61, 5
  %68 = getelementptr inbounds nuw i32, ptr %1, i64 %67
  %69 = load i32, ptr %68, align 4, !tbaa !5
  %70 = sub nsw i32 %69, %8
  %71 = getelementptr inbounds nuw i32, ptr %0, i64 %67
  store i32 %70, ptr %71, align 4, !tbaa !5
  %72 = or disjoint i64 %61, 6
  %73 = getelementptr inbounds nuw i32, ptr %1, i64 %72
  %74 = load i32, ptr %73, align 4, !tbaa !5
  %75 = sub nsw i32 %74, %2
  %76 = getelementptr inbounds nuw i32, ptr %0, i64 %72
  store i32 %75, ptr %76, align 4, !tbaa !5
  %77 = or disjoint i64 %61, 7
  %78 = getelementptr inbounds nuw i32, ptr %1, i64 %77
  %79 = load i32, ptr %78, align 4, !tbaa !5
  %80 = getelementptr inbounds nuw i32, ptr %0, i64 %77
  store i32 %79, ptr %80, align 4, !tbaa !5
  %81 = add nuw nsw i64 %40, 2
  %82 = add i64 %41, 2
  %83 = icmp eq i64 %82, %13
  br i1 %83, label %14, label %39, !llvm.loop !9
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
