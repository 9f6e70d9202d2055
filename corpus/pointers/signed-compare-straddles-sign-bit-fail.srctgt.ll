; ERROR: Value mismatch
; A signed order of two pointers into one object sees the address's sign bit, which the
; object may straddle: %ptr + 1 <s %ptr + 42 is not %ptr <s %ptr + 42 there. It was
; decided on the offsets in the block (differential campaign, seed 2711, mutant 300).
define i1 @src(ptr %ptr) {
entry:
  %last1 = getelementptr inbounds i8, ptr %ptr, i32 42
  %cmp = icmp slt ptr %ptr, %last1
  ret i1 %cmp
}

define i1 @tgt(ptr %ptr) {
entry:
  %first1 = getelementptr inbounds i8, ptr %ptr, i32 1
  %last1 = getelementptr i8, ptr %ptr, i32 42
  %cmp = icmp slt ptr %first1, %last1
  ret i1 %cmp
}
