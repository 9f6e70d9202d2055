; Where the source has stored through a pointer, its memory is writable: a second store
; of the value there may be added. alive-tv: correct.
define void @src(ptr %p, i8 %x) {
  store i8 %x, ptr %p
  ret void
}

define void @tgt(ptr %p, i8 %x) {
  store i8 %x, ptr %p
  %v = load i8, ptr %p
  store i8 %v, ptr %p
  ret void
}
