; A misaligned pointer is poison under `align 16`, and `dereferenceable` makes a poison
; pointer UB (it implies noundef): the source is UB for every misaligned %p, so passing
; %p where it passed undef refines it. (Differential campaign seed 2611, mutant 278,
; reduced; vecverify said "Source is more defined than target" at %p's offset 61.)
declare void @fn(ptr)

define void @src(ptr align 16 dereferenceable(4) %p) {
  call void @fn(ptr undef)
  ret void
}

define void @tgt(ptr align 16 %p) {
  call void @fn(ptr nonnull %p)
  ret void
}
