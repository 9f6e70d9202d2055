; ERROR: Source and target don't have the same return domain
; Differential campaign (docs/differential.md), seed 7331, mutant 1353 (from Alive2's
; attrs/memory_mixed_rw.srctgt.ll, an attribute dropped from the source's parameter): the
; second of two calls of a callee that writes memory of its own (`inaccessiblemem:
; write`) and is not `willreturn` is removed. The first call may change what the second
; does: the callee may count its calls and never return from the second. vecverify: the
; source may not return where the target does. alive-tv: correct (it takes the second
; call for the first's repeat).
declare void @fn(ptr) memory(argmem: read, inaccessiblemem: write)

define void @src(ptr %p) {
  call void @fn(ptr %p)
  call void @fn(ptr %p)
  ret void
}

define void @tgt(ptr %p) {
  call void @fn(ptr %p)
  ret void
}
