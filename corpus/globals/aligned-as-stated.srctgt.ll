; A global stated `align 16` is 16-aligned: a load may claim it.
; alive-tv: correct.
@g = global i32 0, align 16

define i32 @src() {
  %v = load i32, ptr @g, align 4
  ret i32 %v
}

define i32 @tgt() {
  %v = load i32, ptr @g, align 16
  ret i32 %v
}
