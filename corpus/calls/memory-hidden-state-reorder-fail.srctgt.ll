; ERROR: Source is more defined than target
; A callee with memory of its own (inaccessiblemem) may count its calls: reordering two
; calls changes what each returns.
; (memory(...) location kinds of a callee; written 2026-11-27)

define i32 @src() {
  %a = call i32 @f(i32 1)
  %b = call i32 @f(i32 2)
  %r = sub i32 %a, %b
  ret i32 %r
}

define i32 @tgt() {
  %b = call i32 @f(i32 2)
  %a = call i32 @f(i32 1)
  %r = sub i32 %a, %b
  ret i32 %r
}

declare i32 @f(i32) memory(inaccessiblemem: readwrite) willreturn
