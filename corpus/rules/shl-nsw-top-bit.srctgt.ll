; Known false: shl nsw X, w-1 is not mul nsw X, 2^(w-1) (X = -1: shl gives INT_MIN
; without signed overflow, the multiply by INT_MIN overflows).
define i8 @src(i8 %x) {
  %r = shl nsw i8 %x, 7
  ret i8 %r
}

define i8 @tgt(i8 %x) {
  %r = mul nsw i8 %x, -128
  ret i8 %r
}

; ERROR: Target is more poisonous than source
