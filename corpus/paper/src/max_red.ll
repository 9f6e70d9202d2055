; Horizontal min/max reduction (seed 000's reductions: add, mul, and, or, xor, min, max
; trees): the largest of eight consecutive i16 values. Expected: one vector load and
; llvm.vector.reduce.smax.
define i16 @max_red(ptr noalias %A) {
  %a0 = load i16, ptr %A, align 2
  %p1 = getelementptr inbounds i16, ptr %A, i64 1
  %a1 = load i16, ptr %p1, align 2
  %m1 = call i16 @llvm.smax.i16(i16 %a0, i16 %a1)
  %p2 = getelementptr inbounds i16, ptr %A, i64 2
  %a2 = load i16, ptr %p2, align 2
  %m2 = call i16 @llvm.smax.i16(i16 %m1, i16 %a2)
  %p3 = getelementptr inbounds i16, ptr %A, i64 3
  %a3 = load i16, ptr %p3, align 2
  %m3 = call i16 @llvm.smax.i16(i16 %m2, i16 %a3)
  %p4 = getelementptr inbounds i16, ptr %A, i64 4
  %a4 = load i16, ptr %p4, align 2
  %m4 = call i16 @llvm.smax.i16(i16 %m3, i16 %a4)
  %p5 = getelementptr inbounds i16, ptr %A, i64 5
  %a5 = load i16, ptr %p5, align 2
  %m5 = call i16 @llvm.smax.i16(i16 %m4, i16 %a5)
  %p6 = getelementptr inbounds i16, ptr %A, i64 6
  %a6 = load i16, ptr %p6, align 2
  %m6 = call i16 @llvm.smax.i16(i16 %m5, i16 %a6)
  %p7 = getelementptr inbounds i16, ptr %A, i64 7
  %a7 = load i16, ptr %p7, align 2
  %m7 = call i16 @llvm.smax.i16(i16 %m6, i16 %a7)
  ret i16 %m7
}

declare i16 @llvm.smax.i16(i16, i16)
