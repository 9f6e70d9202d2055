; ERROR: Target is more poisonous than source
; With 8-bit pointers an i16 index is truncated to 8 bits; under nuw the truncation must
; keep the value (LangRef: trunc nuw), so the target's gep is poison for %i >= 256.
target datalayout = "p:8:8"

define ptr @src(ptr %x, i16 %i) {
  %t = trunc i16 %i to i8
  %p = getelementptr nuw i8, ptr %x, i8 %t
  ret ptr %p
}

define ptr @tgt(ptr %x, i16 %i) {
  %p = getelementptr nuw i8, ptr %x, i16 %i
  ret ptr %p
}
