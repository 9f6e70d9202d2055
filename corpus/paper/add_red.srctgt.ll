; Horizontal reduction (seed 000, horizontal.ll's add_red, integer form): 7*A[0] + 7*A[1] +
; 7*A[2] + 7*A[3]. Expected: a vector load, a vector multiply and llvm.vector.reduce.add.
; vectorized: reduction.add 4 x i32

declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)

define i32 @src(ptr noalias %A) {
  %a0 = load i32, ptr %A, align 4
  %m0 = mul nsw i32 %a0, 7
  %p1 = getelementptr inbounds i32, ptr %A, i64 1
  %a1 = load i32, ptr %p1, align 4
  %m1 = mul nsw i32 %a1, 7
  %s1 = add nsw i32 %m0, %m1
  %p2 = getelementptr inbounds i32, ptr %A, i64 2
  %a2 = load i32, ptr %p2, align 4
  %m2 = mul nsw i32 %a2, 7
  %s2 = add nsw i32 %s1, %m2
  %p3 = getelementptr inbounds i32, ptr %A, i64 3
  %a3 = load i32, ptr %p3, align 4
  %m3 = mul nsw i32 %a3, 7
  %s3 = add nsw i32 %s2, %m3
  ret i32 %s3
}

define i32 @tgt(ptr noalias %A) {
  %1 = load <4 x i32>, ptr %A, align 4
  %2 = mul nsw <4 x i32> %1, <i32 7, i32 7, i32 7, i32 7>
  %3 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %2)
  ret i32 %3
}
