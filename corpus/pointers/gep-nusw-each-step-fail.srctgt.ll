; ERROR: Target is more poisonous than source
; getelementptr nusw: the address plus each index's offset must not wrap (LangRef: "The
; successive addition of the current address ... and each offset, interpreted as a
; signed number, does not wrap"): 1, -2 come back to %p, through %p + 8, which wraps
; where %p is within 8 bytes of the top of the address space.
define ptr @src(ptr %p) {
  ret ptr %p
}

define ptr @tgt(ptr %p) {
  %q = getelementptr nusw [2 x i32], ptr %p, i64 1, i64 -2
  ret ptr %q
}
