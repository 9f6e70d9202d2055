; SLP-M paper (seed 001), Figure 1: A[0]=B[0]; A[1]=B[1]<<1; A[2]=B[2]*3; A[3]=B[3]<<2.
; Expected: one vector multiply by <1, 2, 3, 4> (binary replacement shl->mul, extension B[0]*1).
define void @figure1(ptr noalias %A, ptr noalias %B) {
  %b0 = load i32, ptr %B, align 4
  store i32 %b0, ptr %A, align 4
  %pb1 = getelementptr inbounds i32, ptr %B, i64 1
  %b1 = load i32, ptr %pb1, align 4
  %s1 = shl i32 %b1, 1
  %pa1 = getelementptr inbounds i32, ptr %A, i64 1
  store i32 %s1, ptr %pa1, align 4
  %pb2 = getelementptr inbounds i32, ptr %B, i64 2
  %b2 = load i32, ptr %pb2, align 4
  %m2 = mul i32 %b2, 3
  %pa2 = getelementptr inbounds i32, ptr %A, i64 2
  store i32 %m2, ptr %pa2, align 4
  %pb3 = getelementptr inbounds i32, ptr %B, i64 3
  %b3 = load i32, ptr %pb3, align 4
  %s3 = shl i32 %b3, 2
  %pa3 = getelementptr inbounds i32, ptr %A, i64 3
  store i32 %s3, ptr %pa3, align 4
  ret void
}
