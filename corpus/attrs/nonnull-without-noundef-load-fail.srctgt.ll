; ERROR: Source is more defined than target
; Without noundef (or dereferenceable), a null %p under nonnull is only poison: a source
; that does not use it is defined, a target loading from it is UB.
define void @src(ptr nonnull %p) {
  ret void
}

define void @tgt(ptr nonnull %p) {
  %v = load i8, ptr %p, align 1
  ret void
}
