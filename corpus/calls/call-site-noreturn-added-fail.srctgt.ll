; ERROR: Source is more defined than target
; The converse of call-site-promises-dropped: a noreturn the source's call site does not
; make, added by the target, is UB where the callee returns.
declare i8 @f(i8)

define i8 @src(i8 %x) {
  %a = call i8 @f(i8 %x)
  ret i8 %a
}

define i8 @tgt(i8 %x) {
  %a = call i8 @f(i8 %x) noreturn
  ret i8 %a
}
