; Differential campaign (docs/differential.md), an Alive2 bug (seed 22, mutant 867, from
; Alive2's memory/freshbid-alloca-1): the target adds `align 16` to a parameter. A caller
; passing a pointer that is not 16-byte aligned now passes poison, and the store through
; it is UB, where the source stores. LangRef, align (parameter attribute): "If the
; pointer value does not have the specified alignment, poison value is returned or
; passed instead." LangRef, store: "If <pointer> is not a well-defined value, the
; behavior is undefined." alive-tv: Transformation seems to be correct! (it refuses an
; added noundef or signext, "Parameter attributes not refined", but not an added align).
; ERROR: Source is more defined than target
define void @src(ptr %p) {
  store i8 20, ptr %p, align 1
  ret void
}

define void @tgt(ptr align 16 %p) {
  store i8 20, ptr %p, align 1
  ret void
}
