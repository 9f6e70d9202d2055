; SLP-M paper, intra16x16_plane_pred (Figures 15-16): pred[j] = base[j] + (i - 7 + j) * ib at
; i = 8, after constant folding: lane 0 adds ib, lane 1 ib << 1, lane 2 ib * 3, lane 3 ib << 2.
; Expected: binary replacement (shl -> mul) and extension (ib * 1) make the lanes isomorphic.
; vectorized: stores 4 x i32 (binrep.shl-mul, ext.mul)

define void @src(ptr noalias %pred, ptr noalias %base, i32 %ib) {
  %x0 = load i32, ptr %base, align 4
  %r0 = add nsw i32 %x0, %ib
  store i32 %r0, ptr %pred, align 4
  %pb1 = getelementptr inbounds i32, ptr %base, i64 1
  %x1 = load i32, ptr %pb1, align 4
  %k1 = shl nsw i32 %ib, 1
  %r1 = add nsw i32 %x1, %k1
  %pp1 = getelementptr inbounds i32, ptr %pred, i64 1
  store i32 %r1, ptr %pp1, align 4
  %pb2 = getelementptr inbounds i32, ptr %base, i64 2
  %x2 = load i32, ptr %pb2, align 4
  %k2 = mul nsw i32 %ib, 3
  %r2 = add nsw i32 %x2, %k2
  %pp2 = getelementptr inbounds i32, ptr %pred, i64 2
  store i32 %r2, ptr %pp2, align 4
  %pb3 = getelementptr inbounds i32, ptr %base, i64 3
  %x3 = load i32, ptr %pb3, align 4
  %k3 = shl nsw i32 %ib, 2
  %r3 = add nsw i32 %x3, %k3
  %pp3 = getelementptr inbounds i32, ptr %pred, i64 3
  store i32 %r3, ptr %pp3, align 4
  ret void
}

define void @tgt(ptr noalias %pred, ptr noalias %base, i32 %ib) {
  %1 = load <4 x i32>, ptr %base, align 4
  %2 = insertelement <1 x i32> poison, i32 %ib, i32 0
  %3 = shufflevector <1 x i32> %2, <1 x i32> poison, <4 x i32> <i32 0, i32 0, i32 0, i32 0>
  %4 = mul nsw <4 x i32> %3, <i32 1, i32 2, i32 3, i32 4>
  %5 = add nsw <4 x i32> %1, %4
  store <4 x i32> %5, ptr %pred, align 4
  ret void
}
