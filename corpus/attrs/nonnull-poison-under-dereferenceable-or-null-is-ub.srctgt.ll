; `nonnull` makes null poison and `dereferenceable_or_null` makes a poison pointer UB (it
; implies noundef): the source is UB for a null %p and %p is dereferenceable otherwise,
; so the target may load from it (Alive2's attrs/dereferenceable_or_null6; vecverify said
; "Source is more defined than target" at %p = null).
define void @src(ptr nonnull dereferenceable_or_null(1) %p) {
  ret void
}

define void @tgt(ptr nonnull dereferenceable_or_null(1) %p) {
  %v = load i8, ptr %p, align 1
  ret void
}
