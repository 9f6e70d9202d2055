; @g lies above null, so @g plus -1 as an unsigned offset wraps: under nuw the
; source is always poison, and poison refines it (it was taken as not poison: the
; offset 0 plus 2^64-1 did not wrap in the block).
@g = global [4 x i8] zeroinitializer

define ptr @src() {
  %q = getelementptr nuw i8, ptr @g, i64 -1
  ret ptr %q
}

define ptr @tgt() {
  ret ptr poison
}
