; memcheck_step_vf4 with the runtime alias check too short for VF 4 (a - b >=u 8, a
; mutant): where %a is %b + 8 bytes, the store to a[i] (b[i+2]) comes before the scalar
; load of b[i+2] and after the vector one. Incorrect: the aliasing conditions are decided
; false only where the check rules them out. Derived from LLVM's test: see README.md.
define void @src(ptr %a, ptr %b, ptr %c, i64 noundef %i) {
  %a1 = ptrtoint ptr %a to i64
  %b2 = ptrtoint ptr %b to i64
  %c3 = ptrtoint ptr %c to i64
  %d1 = sub i64 %a1, %b2
  %k1 = icmp uge i64 %d1, 8
  %d2 = sub i64 %a1, %c3
  %k2 = icmp uge i64 %d2, 16
  %k = and i1 %k1, %k2
  call void @llvm.assume(i1 %k)
  %pb0 = getelementptr inbounds i32, ptr %b, i64 %i
  %pc0 = getelementptr inbounds i32, ptr %c, i64 %i
  %pa0 = getelementptr inbounds i32, ptr %a, i64 %i
  %b0 = load i32, ptr %pb0
  %c0 = load i32, ptr %pc0
  %s0 = add i32 %b0, %c0
  store i32 %s0, ptr %pa0
  %pb1 = getelementptr inbounds i32, ptr %pb0, i64 1
  %pc1 = getelementptr inbounds i32, ptr %pc0, i64 1
  %pa1 = getelementptr inbounds i32, ptr %pa0, i64 1
  %b1 = load i32, ptr %pb1
  %c1 = load i32, ptr %pc1
  %s1 = add i32 %b1, %c1
  store i32 %s1, ptr %pa1
  %pb2 = getelementptr inbounds i32, ptr %pb0, i64 2
  %pc2 = getelementptr inbounds i32, ptr %pc0, i64 2
  %pa2 = getelementptr inbounds i32, ptr %pa0, i64 2
  %b2v = load i32, ptr %pb2
  %c2v = load i32, ptr %pc2
  %s2 = add i32 %b2v, %c2v
  store i32 %s2, ptr %pa2
  %pb3 = getelementptr inbounds i32, ptr %pb0, i64 3
  %pc3 = getelementptr inbounds i32, ptr %pc0, i64 3
  %pa3 = getelementptr inbounds i32, ptr %pa0, i64 3
  %b3 = load i32, ptr %pb3
  %c3v = load i32, ptr %pc3
  %s3 = add i32 %b3, %c3v
  store i32 %s3, ptr %pa3
  ret void
}

define void @tgt(ptr %a, ptr %b, ptr %c, i64 noundef %i) {
  %pb0 = getelementptr inbounds i32, ptr %b, i64 %i
  %pc0 = getelementptr inbounds i32, ptr %c, i64 %i
  %pa0 = getelementptr inbounds i32, ptr %a, i64 %i
  %vb = load <4 x i32>, ptr %pb0, align 4
  %vc = load <4 x i32>, ptr %pc0, align 4
  %s = add <4 x i32> %vb, %vc
  store <4 x i32> %s, ptr %pa0, align 4
  ret void
}

declare void @llvm.assume(i1)
