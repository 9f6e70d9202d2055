; A writable global's initializer says nothing about its contents when the function
; runs: two modules may differ there.
@g = global i32 0

define i32 @f(i32 noundef %v) {
  store i32 %v, ptr @g
  %r = load i32, ptr @g
  ret i32 %r
}
