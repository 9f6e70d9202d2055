; ERROR: Target is more poisonous than source
; samesign on pointers looks at their addresses' signs: a pointer whose address has the
; top bit set against null makes the target's comparison poison.
define i1 @src(ptr %p) {
  %c = icmp eq ptr %p, null
  ret i1 %c
}

define i1 @tgt(ptr %p) {
  %c = icmp samesign eq ptr %p, null
  ret i1 %c
}
