; A call through another function type than the declaration's (LLVM's verifier allows
; it) is a call of another function for the environment: the target's call matches no
; call of the source. (Was an internal error: the two calls' arguments of different
; widths were compared; found by bench malformed.)
; alive-tv: ERROR: Source is more defined than target.
declare void @use(i8)

define void @src(i8 %x) {
  call void @use(i8 1)
  ret void
}

define void @tgt(i8 %x) {
  call void @use(i65 1)
  ret void
}

; ERROR: Source is more defined than target
