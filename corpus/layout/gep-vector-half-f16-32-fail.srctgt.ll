; Differential campaign (docs/differential.md), seed 22, mutant 1695 (from Alive2's
; memory/gep-vector2.srctgt.ll), the other direction: a getelementptr into a vector
; steps over its elements packed, by the element's store size (2 bytes for half), not
; its allocation size (4 here: the layout aligns half to 32 bits), so a target storing
; at offset 4 stores elsewhere. vecverify took the allocation size and called this pair
; correct (a wrong "correct"). LLVM's GEP type iterator: a vector element's stride is
; DL.getTypeStoreSize(ElemTy). alive-tv: Source is more defined than target.
; ERROR: Source is more defined than target
target datalayout = "e-p:64:64-f16:32"

define void @src(ptr %p) {
  %a = getelementptr <2 x half>, ptr %p, i64 0, i64 1
  store i8 0, ptr %a, align 1
  ret void
}

define void @tgt(ptr %p) {
  %a = getelementptr i8, ptr %p, i64 4
  store i8 0, ptr %a, align 1
  ret void
}
