; ERROR: Target is more poisonous than source
; nusw is decided on addresses, not on offsets in the block: @g lies above null, so
; @g - 1 does not wrap and the source is not poison (it was taken as poison, and any
; target as a refinement of it). Found reading getelementptr's flags, 2026-11-27.
@g = global [4 x i8] zeroinitializer

define ptr @src() {
  %q = getelementptr nusw i8, ptr @g, i64 -1
  ret ptr %q
}

define ptr @tgt() {
  ret ptr poison
}
