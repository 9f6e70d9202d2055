; ERROR: Source is more defined than target
; readonly on %p's parameter: the callee does not write through %p, but it may through
; %q, which may point into %p's block.
; (memory(...) location kinds of a callee; written 2026-11-27)

define i8 @src(ptr %p, ptr %q) {
  %v = load i8, ptr %p
  call void @f(ptr %p, ptr %q)
  ret i8 %v
}

define i8 @tgt(ptr %p, ptr %q) {
  call void @f(ptr %p, ptr %q)
  %v = load i8, ptr %p
  ret i8 %v
}

declare void @f(ptr readonly, ptr) memory(argmem: readwrite) willreturn
