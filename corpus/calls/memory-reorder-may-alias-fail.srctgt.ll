; ERROR: Source is more defined than target
; Two calls of an argmem callee reordered: when %p and %q point into one block, the
; first call's writes are what the second reads. (alive-tv calls this correct; it is
; not: f(x) { r = *x; *x = 5; return r; }.)
; (memory(...) location kinds of a callee; written 2026-11-27)

define i32 @src(ptr %p, ptr %q) {
  %a = call i32 @f(ptr %p)
  %b = call i32 @f(ptr %q)
  %r = sub i32 %a, %b
  ret i32 %r
}

define i32 @tgt(ptr %p, ptr %q) {
  %b = call i32 @f(ptr %q)
  %a = call i32 @f(ptr %p)
  %r = sub i32 %a, %b
  ret i32 %r
}

declare i32 @f(ptr) memory(argmem: readwrite) willreturn
