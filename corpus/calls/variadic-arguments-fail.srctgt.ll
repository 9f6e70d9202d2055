; ERROR: Source is more defined than target
; The target drops a variadic argument: a call the source never makes.
define i32 @src(ptr %fmt, i32 %x) {
  %r = call i32 (ptr, ...) @trace_values(ptr %fmt, i32 %x, double 1.0)
  ret i32 %r
}

define i32 @tgt(ptr %fmt, i32 %x) {
  %r = call i32 (ptr, ...) @trace_values(ptr %fmt, i32 %x)
  ret i32 %r
}

declare i32 @trace_values(ptr, ...)
