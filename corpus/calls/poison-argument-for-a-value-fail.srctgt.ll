; ERROR: Source is more defined than target
; The other way round: the callee may have UB for the poison the target passes.
define void @src(i32 %x) {
  call void @fn(i32 0)
  ret void
}

define void @tgt(i32 %x) {
  call void @fn(i32 poison)
  ret void
}

declare void @fn(i32)
