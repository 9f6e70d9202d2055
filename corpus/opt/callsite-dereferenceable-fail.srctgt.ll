; dereferenceable(4) on a call's argument does not make an 8-byte load safe.
; ERROR: Source is more defined than target
declare void @g(ptr)

define i64 @src(ptr %p) {
  call void @g(ptr dereferenceable(4) %p)
  ret i64 0
}

define i64 @tgt(ptr %p) {
  %x = load i64, ptr %p, align 1
  call void @g(ptr dereferenceable(4) %p)
  ret i64 0
}
