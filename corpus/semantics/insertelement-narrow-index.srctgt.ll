; Found by the native cross-check (properties/crosscheck.py): an i3 index names lanes
; 0..7 only, so inserting at index 0 into <9 x i1> must leave lane 8 alone. The
; semantics compared the index with 8 at 3 bits (8 wraps to 0) and also replaced lane 8.
define <9 x i1> @src(<9 x i1> %a, i1 %b) {
  %r = insertelement <9 x i1> %a, i1 %b, i3 0
  ret <9 x i1> %r
}

define <9 x i1> @tgt(<9 x i1> %a, i1 %b) {
  %r = insertelement <9 x i1> %a, i1 %b, i32 0
  ret <9 x i1> %r
}
