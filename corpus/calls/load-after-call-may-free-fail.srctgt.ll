; An unknown function may free the memory its pointer argument points to (unless it is
; nofree): a load after the call is UB where the source loaded only before it. (Was
; "correct": calls never freed memory, an approximation.)
; alive-tv: ERROR: Source is more defined than target.
declare void @f(ptr)

define i8 @src(ptr %p) {
  %v = load i8, ptr %p
  call void @f(ptr %p)
  ret i8 %v
}

define i8 @tgt(ptr %p) {
  %v = load i8, ptr %p
  call void @f(ptr %p)
  %w = load i8, ptr %p
  ret i8 %v
}

; ERROR: Source is more defined than target
