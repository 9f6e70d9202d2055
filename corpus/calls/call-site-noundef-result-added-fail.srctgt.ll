; ERROR: Source is more defined than target
; A noundef result the source's call site does not promise, added by the target: where
; the callee returns poison the target is UB, the source returned it.
declare i8 @f(i8) willreturn

define i8 @src(i8 %x) {
  %a = call i8 @f(i8 %x)
  ret i8 %a
}

define i8 @tgt(i8 %x) {
  %a = call noundef i8 @f(i8 %x)
  ret i8 %a
}
