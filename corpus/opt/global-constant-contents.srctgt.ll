@g = constant i32 42

define i32 @src() {
  %v = load i32, ptr @g
  ret i32 %v
}

define i32 @tgt() {
  ret i32 42
}
