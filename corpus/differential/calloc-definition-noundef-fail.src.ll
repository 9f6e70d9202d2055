; Differential campaign (docs/differential.md), an Alive2 difference: a *defined* function
; named like a C library function, whose target adds `noundef` to a parameter the source
; does not use.
; ERROR: Source is more defined than target
; The target is UB when %b is undef or poison; the source is not. LangRef, noundef: "If
; the value representation contains any undefined or poison bits, the behavior is
; undefined." alive-tv says correct: it gives every function named `calloc` the
; attributes LLVM infers for the library's calloc (noundef parameters among them), the
; source's definition included; LLVM itself infers library attributes only on
; declarations (InferFunctionAttrs), and a definition means what it says.
; alive-tv: Transformation seems to be correct! (syntactically equal, after its inference)
define ptr @calloc(i64 %nmeb, i64 %sz) {
  ret ptr null
}
