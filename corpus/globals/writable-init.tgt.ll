@g = global i32 7

define i32 @f(i32 noundef %v) {
  store i32 %v, ptr @g
  ret i32 %v
}
