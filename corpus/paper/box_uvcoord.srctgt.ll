; SLP-M paper, box_UVCoord (Figures 13b, 14): uv[0] = x / 2.0 was folded into x * 0.5 next to
; uv[1] = y / 4.0. Expected: binary replacement fdiv by 2^k -> fmul by its exact reciprocal
; where proved, or the two operations merged by a shuffle; no vector division.
; vectorized: stores 2 x float (binrep.fdiv-fmul)

define void @src(ptr noalias %uv, ptr noalias %p) {
  %x = load float, ptr %p, align 4
  %u = fmul float %x, 0x3FE0000000000000
  store float %u, ptr %uv, align 4
  %pp1 = getelementptr inbounds float, ptr %p, i64 1
  %y = load float, ptr %pp1, align 4
  %v = fdiv float %y, 0x4010000000000000
  %puv1 = getelementptr inbounds float, ptr %uv, i64 1
  store float %v, ptr %puv1, align 4
  ret void
}

define void @tgt(ptr noalias %uv, ptr noalias %p) {
  %1 = load <2 x float>, ptr %p, align 4
  %2 = fmul <2 x float> %1, <float 0x3FE0000000000000, float 0x3FD0000000000000>
  store <2 x float> %2, ptr %uv, align 4
  ret void
}
