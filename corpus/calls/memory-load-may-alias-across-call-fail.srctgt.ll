; ERROR: Source is more defined than target
; A load moved after a call that may write through %p: %q may point into the same block.
; (memory(...) location kinds of a callee; written 2026-11-27)

define i8 @src(ptr %p, ptr %q) {
  %v = load i8, ptr %q
  call void @f(ptr %p)
  ret i8 %v
}

define i8 @tgt(ptr %p, ptr %q) {
  call void @f(ptr %p)
  %v = load i8, ptr %q
  ret i8 %v
}

declare void @f(ptr) memory(argmem: readwrite) willreturn
