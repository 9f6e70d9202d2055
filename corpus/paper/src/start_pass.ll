; SLP-M paper, start_pass (Figure 17): out[i] = ((b[i] * C[i]) + 1024) >> 11, where constant
; folding turned lane 0 (C = 16384) into b[0] << 3. The paper merges shl/ashr with a shuffle,
; then extends b[0] twice (b[0] * 1 + 0). The scores here prefer no shuffle at all: lane 0
; becomes ((b[0] << 3) + 0) >> 0 by extension, and b[0] << 3 becomes b[0] * 8 by replacement.
define void @start_pass(ptr noalias %out, ptr noalias %b) {
  %b0 = load i32, ptr %b, align 4
  %r0 = shl i32 %b0, 3
  store i32 %r0, ptr %out, align 4
  %pb1 = getelementptr inbounds i32, ptr %b, i64 1
  %b1 = load i32, ptr %pb1, align 4
  %m1 = mul nsw i32 %b1, 22725
  %a1 = add nsw i32 %m1, 1024
  %r1 = ashr i32 %a1, 11
  %po1 = getelementptr inbounds i32, ptr %out, i64 1
  store i32 %r1, ptr %po1, align 4
  %pb2 = getelementptr inbounds i32, ptr %b, i64 2
  %b2 = load i32, ptr %pb2, align 4
  %m2 = mul nsw i32 %b2, 21407
  %a2 = add nsw i32 %m2, 1024
  %r2 = ashr i32 %a2, 11
  %po2 = getelementptr inbounds i32, ptr %out, i64 2
  store i32 %r2, ptr %po2, align 4
  %pb3 = getelementptr inbounds i32, ptr %b, i64 3
  %b3 = load i32, ptr %pb3, align 4
  %m3 = mul nsw i32 %b3, 19266
  %a3 = add nsw i32 %m3, 1024
  %r3 = ashr i32 %a3, 11
  %po3 = getelementptr inbounds i32, ptr %out, i64 3
  store i32 %r3, ptr %po3, align 4
  ret void
}
