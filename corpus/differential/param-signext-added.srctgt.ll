; Differential campaign (docs/differential.md), an Alive2 difference (seed 22, mutants 921,
; 941, 944 and others): the target adds `signext` (or `zeroext`) to a parameter. The
; attribute is about the calling convention, not about which values are defined: the
; function means the same. LangRef, signext: "This indicates to the code generator that
; the parameter or return value should be sign-extended to the extent required by the
; target's ABI (which is usually 32-bits) by the caller (for a parameter) or the callee
; (for a return value)." alive-tv: ERROR: Parameter attributes not refined (every
; attribute the target adds to a parameter is refused, whatever it means).
define i8 @src(i8 %x) {
  %y = add i8 %x, 1
  ret i8 %y
}

define i8 @tgt(i8 signext %x) {
  %y = add i8 %x, 1
  ret i8 %y
}
