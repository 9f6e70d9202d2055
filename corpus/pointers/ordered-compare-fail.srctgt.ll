; ERROR: Value mismatch
; Two pointers into different blocks: either may have the lower address.
define i1 @src(ptr noalias %p, ptr noalias %q) {
  %c = icmp ult ptr %p, %q
  ret i1 %c
}

define i1 @tgt(ptr noalias %p, ptr noalias %q) {
  ret i1 false
}
