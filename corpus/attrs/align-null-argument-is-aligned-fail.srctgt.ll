; ERROR: Value mismatch
; The converse of align-null-argument-is-aligned: a null %p under 'align 4' is not poison,
; so the comparison with null is true there.
define i1 @src(ptr align 4 %p) {
  %c = icmp eq ptr %p, null
  ret i1 %c
}

define i1 @tgt(ptr align 4 %p) {
  ret i1 false
}
