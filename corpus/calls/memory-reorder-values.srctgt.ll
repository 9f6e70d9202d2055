; Two calls of an argmem-only callee on arguments in different blocks (noalias,
; noundef): neither reads what the other writes, and the callee keeps no state of its
; own, so they commute.
; (memory(...) location kinds of a callee; written 2026-11-27)

define i32 @src(ptr noalias noundef %p, ptr noalias noundef %q) {
  %a = call i32 @f(ptr %p)
  %b = call i32 @f(ptr %q)
  %r = sub i32 %a, %b
  ret i32 %r
}

define i32 @tgt(ptr noalias noundef %p, ptr noalias noundef %q) {
  %b = call i32 @f(ptr %q)
  %a = call i32 @f(ptr %p)
  %r = sub i32 %a, %b
  ret i32 %r
}

declare i32 @f(ptr) memory(argmem: readwrite) willreturn
