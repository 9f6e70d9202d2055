; readonly on %p's parameter and %q in another block: the callee writes only through
; %q, so %p's bytes stay.
; (memory(...) location kinds of a callee; written 2026-11-27)

define i8 @src(ptr noalias %p, ptr noalias %q) {
  %v = load i8, ptr %p
  call void @f(ptr %p, ptr %q)
  ret i8 %v
}

define i8 @tgt(ptr noalias %p, ptr noalias %q) {
  call void @f(ptr %p, ptr %q)
  %v = load i8, ptr %p
  ret i8 %v
}

declare void @f(ptr readonly, ptr) memory(argmem: readwrite) willreturn
