; An alloca is dead after llvm.lifetime.end: a target that moves the load past it reads
; a dead object, which is UB where the source is defined. LangRef (Object lifetime): "It
; is undefined behavior to access a memory object that isn't alive". Before, vecverify
; made a dead alloca's bytes poison, not its accesses UB, and called this target more
; poisonous (differential campaign, docs/differential.md: seed 22, mutant 470, the
; other direction). alive-tv: Source is more defined than target.
; ERROR: Source is more defined than target
define i8 @src() {
  %p = alloca i8
  call void @llvm.lifetime.start.p0(ptr %p)
  store i8 7, ptr %p
  %v = load i8, ptr %p
  call void @llvm.lifetime.end.p0(ptr %p)
  ret i8 %v
}

define i8 @tgt() {
  %p = alloca i8
  call void @llvm.lifetime.start.p0(ptr %p)
  store i8 7, ptr %p
  call void @llvm.lifetime.end.p0(ptr %p)
  %v = load i8, ptr %p
  ret i8 %v
}
