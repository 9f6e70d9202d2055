; Differential campaign (docs/differential.md), seed 22, mutant 1695 (from Alive2's
; memory/gep-vector2.srctgt.ll): a getelementptr into a vector steps over its elements
; packed, by the element's store size (2 bytes for half), not its allocation size (4
; here: the layout aligns half to 32 bits). vecverify took the allocation size and
; called this pair a memory mismatch. LLVM's GEP type iterator: the stride of a vector
; element is DL.getTypeStoreSize(ElemTy). alive-tv: correct.
target datalayout = "e-p:64:64-f16:32"

define void @src(ptr %p) {
  %a = getelementptr <2 x half>, ptr %p, i64 0, i64 1
  store i8 0, ptr %a, align 1
  ret void
}

define void @tgt(ptr %p) {
  %a = getelementptr i8, ptr %p, i64 2
  store i8 0, ptr %a, align 1
  ret void
}
