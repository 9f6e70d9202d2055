; The other direction of undef-argument-not-frozen-fail: freezing the argument only
; makes the call more defined. alive-tv: correct.
declare void @f(i8)

define void @src() {
  call void @f(i8 undef)
  ret void
}

define void @tgt() {
  %x = freeze i8 undef
  call void @f(i8 %x)
  ret void
}
