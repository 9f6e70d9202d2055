; dereferenceable(n) on a call's argument: the pointer is dereferenceable for n bytes
; at the call (else UB), so a load of those bytes may be hoisted above it.
declare void @g(ptr)

define i64 @src(ptr %p) {
  call void @g(ptr dereferenceable(8) %p)
  ret i64 0
}

define i64 @tgt(ptr %p) {
  %x = load i64, ptr %p, align 1
  call void @g(ptr dereferenceable(8) %p)
  ret i64 0
}
