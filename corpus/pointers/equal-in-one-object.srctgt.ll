; Within one object, pointers are equal exactly when their offsets are: two different
; offsets from one base never compare equal, across objects an address comparison is
; made (equal-address-other-object-fail). alive-tv: correct.
define i1 @src(ptr %p, ptr %q, i1 %s) {
  %a = getelementptr i8, ptr %p, i64 1
  %b = getelementptr i8, ptr %p, i64 2
  %x = select i1 %s, ptr %b, ptr %q
  %c = icmp eq ptr %a, %b
  %d = icmp eq ptr %x, %x
  %r = and i1 %d, %c
  ret i1 %r
}

define i1 @tgt(ptr %p, ptr %q, i1 %s) {
  ret i1 false
}
