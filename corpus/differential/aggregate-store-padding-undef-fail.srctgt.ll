; Differential campaign (docs/differential.md), an Alive2 difference (seed 22, mutant 328;
; Alive2's own memory/aggregate-padding.srctgt.ll, whose comment says "padding should be
; poison"). A struct stored whole fills its padding with undef, so the byte loaded back
; from the padding is undef, not poison, and a target returning poison is more poisonous.
; LangRef, store: "If <value> is of aggregate type, padding is filled with undef."
; alive-tv: Transformation seems to be correct! (it fills padding with poison)
; ERROR: Target is more poisonous than source
@glb = global { i8, i32 } poison, align 4

define i8 @src() {
  store i32 0, ptr @glb, align 4
  %v = load { i8, i32 }, ptr @glb, align 4
  store { i8, i32 } %v, ptr @glb, align 4
  %p3 = getelementptr i8, ptr @glb, i64 1
  %padding = load i8, ptr %p3, align 1
  ret i8 %padding
}

define i8 @tgt() {
  store i32 0, ptr @glb, align 4
  ret i8 poison
}
