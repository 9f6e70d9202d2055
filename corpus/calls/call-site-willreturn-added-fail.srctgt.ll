; ERROR: Source is more defined than target
; A willreturn the source's call site does not promise, added by the target: where the
; callee does not return the target is UB, the source ended there.
declare void @g(ptr)

define void @src(ptr %p) {
  call void @g(ptr %p)
  store i8 1, ptr %p
  ret void
}

define void @tgt(ptr %p) {
  call void @g(ptr %p) willreturn
  store i8 1, ptr %p
  ret void
}
