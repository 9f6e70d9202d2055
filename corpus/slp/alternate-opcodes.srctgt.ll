; Shuffle merging (SLP-M): lanes alternate add and sub; two vector operations
; blended by one shufflevector.
define void @src(ptr noalias %a, ptr noalias %b, ptr noalias %c) {
  %a0 = load i32, ptr %a, align 4
  %b0 = load i32, ptr %b, align 4
  %r0 = add i32 %a0, %b0
  store i32 %r0, ptr %c, align 4
  %pa1 = getelementptr inbounds i32, ptr %a, i64 1
  %pb1 = getelementptr inbounds i32, ptr %b, i64 1
  %pc1 = getelementptr inbounds i32, ptr %c, i64 1
  %a1 = load i32, ptr %pa1, align 4
  %b1 = load i32, ptr %pb1, align 4
  %r1 = sub i32 %a1, %b1
  store i32 %r1, ptr %pc1, align 4
  %pa2 = getelementptr inbounds i32, ptr %a, i64 2
  %pb2 = getelementptr inbounds i32, ptr %b, i64 2
  %pc2 = getelementptr inbounds i32, ptr %c, i64 2
  %a2 = load i32, ptr %pa2, align 4
  %b2 = load i32, ptr %pb2, align 4
  %r2 = add i32 %a2, %b2
  store i32 %r2, ptr %pc2, align 4
  %pa3 = getelementptr inbounds i32, ptr %a, i64 3
  %pb3 = getelementptr inbounds i32, ptr %b, i64 3
  %pc3 = getelementptr inbounds i32, ptr %c, i64 3
  %a3 = load i32, ptr %pa3, align 4
  %b3 = load i32, ptr %pb3, align 4
  %r3 = sub i32 %a3, %b3
  store i32 %r3, ptr %pc3, align 4
  ret void
}

define void @tgt(ptr noalias %a, ptr noalias %b, ptr noalias %c) {
  %va = load <4 x i32>, ptr %a, align 4
  %vb = load <4 x i32>, ptr %b, align 4
  %add = add <4 x i32> %va, %vb
  %sub = sub <4 x i32> %va, %vb
  %r = shufflevector <4 x i32> %add, <4 x i32> %sub, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
  store <4 x i32> %r, ptr %c, align 4
  ret void
}
