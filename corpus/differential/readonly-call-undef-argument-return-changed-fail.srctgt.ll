; ERROR: Value mismatch
; Both call a read-only @func with undef and the target returns 1 where the source returns
; 0. Where @func is defined on every argument (the environment decides it, the same for
; both), the source returns 0: the target is wrong. alive-tv (10340555) calls it correct:
; it lets the source's undef pick an argument on which @func may be UB. Differential
; campaign seed 5309, mutant 1941, reduced (docs/differential.md); from Alive2's
; calls/readonly-undef.srctgt.ll.
declare i8 @func(i8) memory(read)

define i8 @src() {
  %v = call i8 @func(i8 undef)
  ret i8 0
}

define i8 @tgt() {
  %v = call i8 @func(i8 undef)
  ret i8 1
}
