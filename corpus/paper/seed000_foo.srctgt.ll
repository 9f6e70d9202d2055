; Bottom-up SLP (seed 000): a[i] = (b[i] + c[i]) * (d[i] - e[i]) for i = 0..3.
; Expected: vector loads, add, sub, mul, one vector store.
; vectorized: stores 4 x i32

define void @src(ptr noalias %a, ptr noalias %b, ptr noalias %c, ptr noalias %d, ptr noalias %e) {
  %b0 = load i32, ptr %b, align 4
  %c0 = load i32, ptr %c, align 4
  %d0 = load i32, ptr %d, align 4
  %e0 = load i32, ptr %e, align 4
  %s0 = add nsw i32 %b0, %c0
  %t0 = sub nsw i32 %d0, %e0
  %m0 = mul nsw i32 %s0, %t0
  store i32 %m0, ptr %a, align 4
  %pb1 = getelementptr inbounds i32, ptr %b, i64 1
  %b1 = load i32, ptr %pb1, align 4
  %pc1 = getelementptr inbounds i32, ptr %c, i64 1
  %c1 = load i32, ptr %pc1, align 4
  %pd1 = getelementptr inbounds i32, ptr %d, i64 1
  %d1 = load i32, ptr %pd1, align 4
  %pe1 = getelementptr inbounds i32, ptr %e, i64 1
  %e1 = load i32, ptr %pe1, align 4
  %s1 = add nsw i32 %b1, %c1
  %t1 = sub nsw i32 %d1, %e1
  %m1 = mul nsw i32 %s1, %t1
  %pa1 = getelementptr inbounds i32, ptr %a, i64 1
  store i32 %m1, ptr %pa1, align 4
  %pb2 = getelementptr inbounds i32, ptr %b, i64 2
  %b2 = load i32, ptr %pb2, align 4
  %pc2 = getelementptr inbounds i32, ptr %c, i64 2
  %c2 = load i32, ptr %pc2, align 4
  %pd2 = getelementptr inbounds i32, ptr %d, i64 2
  %d2 = load i32, ptr %pd2, align 4
  %pe2 = getelementptr inbounds i32, ptr %e, i64 2
  %e2 = load i32, ptr %pe2, align 4
  %s2 = add nsw i32 %b2, %c2
  %t2 = sub nsw i32 %d2, %e2
  %m2 = mul nsw i32 %s2, %t2
  %pa2 = getelementptr inbounds i32, ptr %a, i64 2
  store i32 %m2, ptr %pa2, align 4
  %pb3 = getelementptr inbounds i32, ptr %b, i64 3
  %b3 = load i32, ptr %pb3, align 4
  %pc3 = getelementptr inbounds i32, ptr %c, i64 3
  %c3 = load i32, ptr %pc3, align 4
  %pd3 = getelementptr inbounds i32, ptr %d, i64 3
  %d3 = load i32, ptr %pd3, align 4
  %pe3 = getelementptr inbounds i32, ptr %e, i64 3
  %e3 = load i32, ptr %pe3, align 4
  %s3 = add nsw i32 %b3, %c3
  %t3 = sub nsw i32 %d3, %e3
  %m3 = mul nsw i32 %s3, %t3
  %pa3 = getelementptr inbounds i32, ptr %a, i64 3
  store i32 %m3, ptr %pa3, align 4
  ret void
}

define void @tgt(ptr noalias %a, ptr noalias %b, ptr noalias %c, ptr noalias %d, ptr noalias %e) {
  %1 = load <4 x i32>, ptr %b, align 4
  %2 = load <4 x i32>, ptr %c, align 4
  %3 = add nsw <4 x i32> %1, %2
  %4 = load <4 x i32>, ptr %d, align 4
  %5 = load <4 x i32>, ptr %e, align 4
  %6 = sub nsw <4 x i32> %4, %5
  %7 = mul nsw <4 x i32> %3, %6
  store <4 x i32> %7, ptr %a, align 4
  ret void
}
