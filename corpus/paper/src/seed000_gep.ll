; Bottom-up SLP (seed 000), vectorizeGEPIndices: g[x[0] - y[0]] + g[x[1] - y[1]] + ... The
; index computations are one vector sub of two vector loads; each GEP reads its lane with an
; extractelement (the loads of g stay scalar: a gather).
define i32 @g(ptr noalias %g, ptr noalias %x, ptr noalias %y) {
  %x0 = load i64, ptr %x, align 8
  %y0 = load i64, ptr %y, align 8
  %px1 = getelementptr inbounds i64, ptr %x, i64 1
  %x1 = load i64, ptr %px1, align 8
  %py1 = getelementptr inbounds i64, ptr %y, i64 1
  %y1 = load i64, ptr %py1, align 8
  %px2 = getelementptr inbounds i64, ptr %x, i64 2
  %x2 = load i64, ptr %px2, align 8
  %py2 = getelementptr inbounds i64, ptr %y, i64 2
  %y2 = load i64, ptr %py2, align 8
  %px3 = getelementptr inbounds i64, ptr %x, i64 3
  %x3 = load i64, ptr %px3, align 8
  %py3 = getelementptr inbounds i64, ptr %y, i64 3
  %y3 = load i64, ptr %py3, align 8
  %sub0 = sub nsw i64 %x0, %y0
  %sub1 = sub nsw i64 %x1, %y1
  %sub2 = sub nsw i64 %x2, %y2
  %sub3 = sub nsw i64 %x3, %y3
  %g0 = getelementptr inbounds i32, ptr %g, i64 %sub0
  %g1 = getelementptr inbounds i32, ptr %g, i64 %sub1
  %g2 = getelementptr inbounds i32, ptr %g, i64 %sub2
  %g3 = getelementptr inbounds i32, ptr %g, i64 %sub3
  %l0 = load i32, ptr %g0, align 4
  %l1 = load i32, ptr %g1, align 4
  %l2 = load i32, ptr %g2, align 4
  %l3 = load i32, ptr %g3, align 4
  %a0 = add nsw i32 %l0, %l1
  %a1 = add nsw i32 %a0, %l2
  %a2 = add nsw i32 %a1, %l3
  ret i32 %a2
}
