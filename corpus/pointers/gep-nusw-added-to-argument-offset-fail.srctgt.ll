; ERROR: Target is more poisonous than source
; Adding nusw to a getelementptr off an argument: a pointer at the end of a block that
; ends at the top of the address space wraps there.
define ptr @src(ptr %p) {
  %q = getelementptr i8, ptr %p, i64 2
  ret ptr %q
}

define ptr @tgt(ptr %p) {
  %q = getelementptr nusw i8, ptr %p, i64 2
  ret ptr %q
}
