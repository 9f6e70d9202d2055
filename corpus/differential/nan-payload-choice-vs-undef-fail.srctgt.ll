; Differential campaign (docs/differential.md), an Alive2 difference (seed 22, mutant 810,
; from Alive2's fp/canonicalize.srctgt.ll): the source returns a bit of a NaN that an
; operation produced, which is a nondeterministic choice made when it runs; the target
; returns undef, which each use may see differently. LangRef, floating-point NaN
; values: "the quiet bit and payload are non-deterministically chosen from the following
; set of options" (a choice: the value is then one value); undef is the more undefined
; (as `freeze i1 undef` against `ret i1 undef`, which alive-tv refutes too). alive-tv:
; Transformation seems to be correct! (it lets a NaN payload choice be undef).
; TEST-ARGS: -disable-undef-input -disable-poison-input
; ERROR: Target's return value is more undefined
define i1 @src(float %a) {
  %n = fadd float %a, 0x7FF8000000000000
  %x = bitcast float %n to i32
  %c = icmp eq i32 %x, 2143289344
  ret i1 %c
}

define i1 @tgt(float %a) {
  ret i1 undef
}
