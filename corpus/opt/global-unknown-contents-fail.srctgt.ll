; ERROR: Value mismatch
; A writable global may have been written before the function runs: its initializer
; says nothing about its contents then (a constant's does).
@g = global i32 0

define i32 @src() {
  %v = load i32, ptr @g
  ret i32 %v
}

define i32 @tgt() {
  ret i32 0
}
