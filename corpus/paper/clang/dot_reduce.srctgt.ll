; corpus/paper/c/dot_reduce.c, clang-22 -O3 -fno-vectorize -fno-slp-vectorize -march=x86-64-v3
; A horizontal reduction (seed 000's add_red, integer form): the sum of eight weighted
; elements per block.
; TEST-ARGS: -src-unroll=1
; vectorized: reduction.add 8 x i32
; vectorized: reduction.add 8 x i32
; vectorized: reduction.add 8 x i32

declare void @llvm.assume(i1)
declare i32 @llvm.vector.reduce.add.v8i32(<8 x i32>)

define void @src(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %42

5:
  %6 = zext nneg i32 %2 to i64
  %7 = and i64 %6, 1
  %8 = icmp eq i32 %2, 1
  br i1 %8, label %13, label %9

9:
  %10 = and i64 %6, 2147483646
  br label %43

11:
  %12 = icmp eq i64 %7, 0
  br i1 %12, label %42, label %13

13:
  %14 = phi i64 [ 0, %5 ], [ %99, %11 ]
  %15 = icmp ne i64 %7, 0
  tail call void @llvm.assume(i1 %15)
  %16 = shl nsw i64 %14, 5
  %17 = getelementptr inbounds nuw i8, ptr %1, i64 %16
  %18 = load i32, ptr %17, align 4
  %19 = getelementptr inbounds nuw i8, ptr %17, i64 4
  %20 = load i32, ptr %19, align 4
  %21 = add i32 %20, %18
  %22 = getelementptr inbounds nuw i8, ptr %17, i64 8
  %23 = load i32, ptr %22, align 4
  %24 = add i32 %21, %23
  %25 = getelementptr inbounds nuw i8, ptr %17, i64 12
  %26 = load i32, ptr %25, align 4
  %27 = add i32 %24, %26
  %28 = getelementptr inbounds nuw i8, ptr %17, i64 16
  %29 = load i32, ptr %28, align 4
  %30 = add i32 %27, %29
  %31 = getelementptr inbounds nuw i8, ptr %17, i64 20
  %32 = load i32, ptr %31, align 4
  %33 = add i32 %30, %32
  %34 = getelementptr inbounds nuw i8, ptr %17, i64 24
  %35 = load i32, ptr %34, align 4
  %36 = add i32 %33, %35
  %37 = getelementptr inbounds nuw i8, ptr %17, i64 28
  %38 = load i32, ptr %37, align 4
  %39 = add i32 %36, %38
  %40 = mul i32 %39, 7
  %41 = getelementptr inbounds nuw i32, ptr %0, i64 %14
  store i32 %40, ptr %41, align 4
  br label %42

42:
  ret void

43:
  %44 = phi i64 [ 0, %9 ], [ %99, %43 ]
  %45 = phi i64 [ 0, %9 ], [ %100, %43 ]
  %46 = shl nsw i64 %44, 5
  %47 = getelementptr inbounds nuw i8, ptr %1, i64 %46
  %48 = load i32, ptr %47, align 4
  %49 = getelementptr inbounds nuw i8, ptr %47, i64 4
  %50 = load i32, ptr %49, align 4
  %51 = add i32 %50, %48
  %52 = getelementptr inbounds nuw i8, ptr %47, i64 8
  %53 = load i32, ptr %52, align 4
  %54 = add i32 %51, %53
  %55 = getelementptr inbounds nuw i8, ptr %47, i64 12
  %56 = load i32, ptr %55, align 4
  %57 = add i32 %54, %56
  %58 = getelementptr inbounds nuw i8, ptr %47, i64 16
  %59 = load i32, ptr %58, align 4
  %60 = add i32 %57, %59
  %61 = getelementptr inbounds nuw i8, ptr %47, i64 20
  %62 = load i32, ptr %61, align 4
  %63 = add i32 %60, %62
  %64 = getelementptr inbounds nuw i8, ptr %47, i64 24
  %65 = load i32, ptr %64, align 4
  %66 = add i32 %63, %65
  %67 = getelementptr inbounds nuw i8, ptr %47, i64 28
  %68 = load i32, ptr %67, align 4
  %69 = add i32 %66, %68
  %70 = mul i32 %69, 7
  %71 = getelementptr inbounds nuw i32, ptr %0, i64 %44
  store i32 %70, ptr %71, align 4
  %72 = or disjoint i64 %44, 1
  %73 = shl nsw i64 %72, 5
  %74 = getelementptr inbounds nuw i8, ptr %1, i64 %73
  %75 = load i32, ptr %74, align 4
  %76 = getelementptr inbounds nuw i8, ptr %74, i64 4
  %77 = load i32, ptr %76, align 4
  %78 = add i32 %77, %75
  %79 = getelementptr inbounds nuw i8, ptr %74, i64 8
  %80 = load i32, ptr %79, align 4
  %81 = add i32 %78, %80
  %82 = getelementptr inbounds nuw i8, ptr %74, i64 12
  %83 = load i32, ptr %82, align 4
  %84 = add i32 %81, %83
  %85 = getelementptr inbounds nuw i8, ptr %74, i64 16
  %86 = load i32, ptr %85, align 4
  %87 = add i32 %84, %86
  %88 = getelementptr inbounds nuw i8, ptr %74, i64 20
  %89 = load i32, ptr %88, align 4
  %90 = add i32 %87, %89
  %91 = getelementptr inbounds nuw i8, ptr %74, i64 24
  %92 = load i32, ptr %91, align 4
  %93 = add i32 %90, %92
  %94 = getelementptr inbounds nuw i8, ptr %74, i64 28
  %95 = load i32, ptr %94, align 4
  %96 = add i32 %93, %95
  %97 = mul i32 %96, 7
  %98 = getelementptr inbounds nuw i32, ptr %0, i64 %72
  store i32 %97, ptr %98, align 4
  %99 = add nuw nsw i64 %44, 2
  %100 = add i64 %45, 2
  %101 = icmp eq i64 %100, %10
  br i1 %101, label %11, label %43
}

define void @tgt(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %22

5:
  %6 = zext nneg i32 %2 to i64
  %7 = and i64 %6, 1
  %8 = icmp eq i32 %2, 1
  br i1 %8, label %13, label %9

9:
  %10 = and i64 %6, 2147483646
  br label %23

11:
  %12 = icmp eq i64 %7, 0
  br i1 %12, label %22, label %13

13:
  %14 = phi i64 [ 0, %5 ], [ %39, %11 ]
  %15 = icmp ne i64 %7, 0
  tail call void @llvm.assume(i1 %15)
  %16 = shl nsw i64 %14, 5
  %17 = getelementptr inbounds nuw i8, ptr %1, i64 %16
  %18 = load <8 x i32>, ptr %17, align 4
  %19 = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %18)
  %20 = mul i32 %19, 7
  %21 = getelementptr inbounds nuw i32, ptr %0, i64 %14
  store i32 %20, ptr %21, align 4
  br label %22

22:
  ret void

23:
  %24 = phi i64 [ 0, %9 ], [ %39, %23 ]
  %25 = phi i64 [ 0, %9 ], [ %40, %23 ]
  %26 = shl nsw i64 %24, 5
  %27 = getelementptr inbounds nuw i8, ptr %1, i64 %26
  %28 = load <8 x i32>, ptr %27, align 4
  %29 = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %28)
  %30 = mul i32 %29, 7
  %31 = getelementptr inbounds nuw i32, ptr %0, i64 %24
  store i32 %30, ptr %31, align 4
  %32 = or disjoint i64 %24, 1
  %33 = shl nsw i64 %32, 5
  %34 = getelementptr inbounds nuw i8, ptr %1, i64 %33
  %35 = load <8 x i32>, ptr %34, align 4
  %36 = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %35)
  %37 = mul i32 %36, 7
  %38 = getelementptr inbounds nuw i32, ptr %0, i64 %32
  store i32 %37, ptr %38, align 4
  %39 = add nuw nsw i64 %24, 2
  %40 = add i64 %25, 2
  %41 = icmp eq i64 %40, %10
  br i1 %41, label %11, label %23
}
