; A global variable the two modules define alike, stored differently: a memory mismatch
; (regression: the native replay of this counterexample raised a traceback).
@x = global i32 0

define void @f() {
  store i32 10, ptr @x
  ret void
}
