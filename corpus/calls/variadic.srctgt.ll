; A call of a variadic (unknown) function: the same callee called with the same
; arguments, so the same outputs.
define i32 @src(ptr %fmt, i32 %x) {
  %y = add i32 %x, 0
  %r = call i32 (ptr, ...) @trace_values(ptr %fmt, i32 %y, double 1.0)
  ret i32 %r
}

define i32 @tgt(ptr %fmt, i32 %x) {
  %r = call i32 (ptr, ...) @trace_values(ptr %fmt, i32 %x, double 1.0)
  ret i32 %r
}

declare i32 @trace_values(ptr, ...)
