; An alloca used by llvm.lifetime.start is dead until it runs: the source's store before
; it is UB on every input, so any target refines it (vecverify warns that the source is
; always UB). LangRef (llvm.lifetime.start): "If ptr is a stack-allocated object and it
; points to the first byte of the object, the object is initially marked as dead." and
; (Object lifetime) "It is undefined behavior to access a memory object that isn't
; alive". Differential campaign (docs/differential.md) seed 22, mutant 470: vecverify
; called this target more poisonous. alive-tv: correct.
define i32 @src() {
  %p = alloca i32, align 4
  store i32 10, ptr %p, align 4
  call void @llvm.lifetime.start.p0(ptr %p)
  ret i32 0
}

define i32 @tgt() {
  ret i32 poison
}
