; Differential campaign (docs/differential.md), seed 22, mutant 2004 (from Alive2's
; lifetime/issue433-local.srctgt.ll with the target's constant nudged): a second
; llvm.lifetime.start on the live alloca leaves it uninitialized again, so the load
; reads poison and any target value refines it. LangRef (llvm.lifetime.start): "After
; 'llvm.lifetime.start', the stack object that ptr points is marked as alive and has an
; uninitialized value." alive-tv: Value mismatch (it keeps the stored 1: a start on a
; live object is a no-op there). Alive2's own test returns 1, which both tools accept.
define i8 @src() {
  %p = alloca i8, align 1
  call void @llvm.lifetime.start.p0(ptr %p)
  store i8 1, ptr %p, align 1
  call void @llvm.lifetime.start.p0(ptr %p)
  %v = load i8, ptr %p, align 1
  ret i8 %v
}

define i8 @tgt() {
  ret i8 0
}
