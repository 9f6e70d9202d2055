; The other direction of memset-undef-bytes-independent: the source returns (and stores)
; a value whose two bytes are equal (`zext undef * 257`), the target returns a load of
; memset-undef memory, whose bytes are independent: 256 is a value of the target the
; source never has. (Was "correct": the memset's bytes shared one undef choice.)
; alive-tv: correct (its memset approximation: see memset-undef-bytes-independent).
define i16 @src(ptr %p) {
  %w = zext i8 undef to i16
  %s = mul i16 %w, 257
  store i16 %s, ptr %p
  ret i16 %s
}

define i16 @tgt(ptr %p) {
  call void @llvm.memset.p0.i64(ptr %p, i8 undef, i64 2, i1 false)
  %v = load i16, ptr %p, align 1
  ret i16 %v
}

; ERROR: Value mismatch
