; SN-SLP (seed 001, section 2.2): a[0] = b[0] - c[0] - d[0]; a[1] = b[1] - d[1] - c[1]. Expected:
; the subtraction rearrangement (b[1] - d[1]) - c[1] = (b[1] - c[1]) - d[1] makes the lanes isomorphic.
; vectorized: stores 2 x i32 (snslp.sub-sub)

define void @src(ptr noalias %a, ptr noalias %b, ptr noalias %c, ptr noalias %d) {
  %b0 = load i32, ptr %b, align 4
  %c0 = load i32, ptr %c, align 4
  %d0 = load i32, ptr %d, align 4
  %t0 = sub i32 %b0, %c0
  %r0 = sub i32 %t0, %d0
  store i32 %r0, ptr %a, align 4
  %pb1 = getelementptr inbounds i32, ptr %b, i64 1
  %b1 = load i32, ptr %pb1, align 4
  %pc1 = getelementptr inbounds i32, ptr %c, i64 1
  %c1 = load i32, ptr %pc1, align 4
  %pd1 = getelementptr inbounds i32, ptr %d, i64 1
  %d1 = load i32, ptr %pd1, align 4
  %t1 = sub i32 %b1, %d1
  %r1 = sub i32 %t1, %c1
  %pa1 = getelementptr inbounds i32, ptr %a, i64 1
  store i32 %r1, ptr %pa1, align 4
  ret void
}

define void @tgt(ptr noalias %a, ptr noalias %b, ptr noalias %c, ptr noalias %d) {
  %1 = load <2 x i32>, ptr %b, align 4
  %2 = load <2 x i32>, ptr %c, align 4
  %3 = sub <2 x i32> %1, %2
  %4 = load <2 x i32>, ptr %d, align 4
  %5 = sub <2 x i32> %3, %4
  store <2 x i32> %5, ptr %a, align 4
  ret void
}
