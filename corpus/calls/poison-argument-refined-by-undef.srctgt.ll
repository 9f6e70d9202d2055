; An unknown callee that has UB for an undef argument (it branches on it, say) has UB
; for a poison one too: a call passing poison may be replaced by one passing undef.
; (Differential campaign seed 7103, mutant 425, from Alive2's fp/fneg: vecverify said
; "Source is more defined than target" at %x = undef, the source's poison call defined.)
define void @src(half %x) {
  call void @fn(half poison)
  ret void
}

define void @tgt(half %x) {
  call void @fn(half %x)
  ret void
}

declare void @fn(half)
