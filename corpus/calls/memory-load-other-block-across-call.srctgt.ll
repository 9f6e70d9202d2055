; A load moved after a call that writes only through its argument (memory(argmem:
; readwrite)): %q's block is not %p's (noalias), and the callee can neither write nor
; free it.
; (memory(...) location kinds of a callee; written 2026-11-27)

define i8 @src(ptr noalias %p, ptr noalias %q) {
  %v = load i8, ptr %q
  call void @f(ptr %p)
  ret i8 %v
}

define i8 @tgt(ptr noalias %p, ptr noalias %q) {
  call void @f(ptr %p)
  %v = load i8, ptr %q
  ret i8 %v
}

declare void @f(ptr) memory(argmem: readwrite) willreturn
