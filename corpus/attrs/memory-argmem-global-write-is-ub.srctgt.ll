; memory(argmem: readwrite): writing a global (other memory) is UB, writing through the
; argument is not; the arm that writes the global may become unreachable.
; alive-tv: correct.
@g = global i8 0

define void @src(ptr %p, i1 %c) memory(argmem: readwrite) {
  br i1 %c, label %a, label %b
a:
  store i8 1, ptr @g
  ret void
b:
  store i8 2, ptr %p
  ret void
}

define void @tgt(ptr %p, i1 %c) memory(argmem: readwrite) {
  br i1 %c, label %a, label %b
a:
  unreachable
b:
  store i8 2, ptr %p
  ret void
}
