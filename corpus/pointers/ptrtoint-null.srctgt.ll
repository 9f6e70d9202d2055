; The null pointer's address is 0, and a block's address never is: a pointer moved
; zero bytes from an argument is null exactly when its address is 0 and the argument
; was null.
define i1 @src(ptr %p) {
  %a = ptrtoint ptr %p to i64
  %n = ptrtoint ptr null to i64
  %c = icmp eq i64 %a, %n
  ret i1 %c
}

define i1 @tgt(ptr %p) {
  %c = icmp eq ptr %p, null
  ret i1 %c
}
