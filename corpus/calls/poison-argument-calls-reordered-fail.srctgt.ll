; ERROR: Source is more defined than target
; The converse of poison-argument-calls-reordered: the target calls f(%x) twice, where
; the source's first call was f(%p). Preferring a source call with exactly the target
; call's inputs must not let the second f(%x) stand for f(%p).
declare i32 @f(i32) memory(none) willreturn nounwind

define i32 @src(i32 %p, i32 %x) {
  %a = call i32 @f(i32 %p)
  %b = call i32 @f(i32 %x)
  %r = sub i32 %a, %b
  ret i32 %r
}

define i32 @tgt(i32 %p, i32 %x) {
  %b = call i32 @f(i32 %x)
  %a = call i32 @f(i32 %x)
  %r = sub i32 %a, %b
  ret i32 %r
}
