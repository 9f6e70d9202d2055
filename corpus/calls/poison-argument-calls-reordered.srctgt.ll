; Two calls reordered, one of whose arguments may be poison: the target's call f(%x)
; has exactly the inputs of the source's second call, and takes its outputs, although
; the source's first call f(%p) with a poison %p is refined by it too. (A target call
; took the outputs of the first source call it refined: a false alarm, 'Value mismatch'
; with %p poison; alive-tv: correct.)
declare i32 @f(i32) memory(none) willreturn nounwind

define i32 @src(i32 %p, i32 %x) {
  %a = call i32 @f(i32 %p)
  %b = call i32 @f(i32 %x)
  %r = sub i32 %a, %b
  ret i32 %r
}

define i32 @tgt(i32 %p, i32 %x) {
  %b = call i32 @f(i32 %x)
  %a = call i32 @f(i32 %p)
  %r = sub i32 %a, %b
  ret i32 %r
}
