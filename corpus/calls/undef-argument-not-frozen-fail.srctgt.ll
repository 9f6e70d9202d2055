; An undef argument of an unknown call is not a frozen one: the callee may branch on it,
; which is UB for undef, not for a frozen value. (Was "correct": the callee was given
; one value for the undef, as if frozen; differential campaign, mutant 2864.)
; alive-tv: ERROR: Source is more defined than target.
declare void @f(i8)

define void @src() {
  %x = freeze i8 undef
  call void @f(i8 %x)
  ret void
}

define void @tgt() {
  call void @f(i8 undef)
  ret void
}

; ERROR: Source is more defined than target
