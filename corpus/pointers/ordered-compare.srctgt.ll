; An ordered comparison of pointers compares their addresses, as integers (LangRef),
; whichever blocks they point into.
define i1 @src(ptr %p, ptr %q) {
  %c = icmp ult ptr %p, %q
  ret i1 %c
}

define i1 @tgt(ptr %p, ptr %q) {
  %i = ptrtoint ptr %p to i64
  %j = ptrtoint ptr %q to i64
  %c = icmp ult i64 %i, %j
  ret i1 %c
}
