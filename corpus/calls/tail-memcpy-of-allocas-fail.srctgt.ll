; ERROR: Source is more defined than target
; A call marked tail does not access the caller's allocas (LangRef, 'call'): adding
; `tail` to a memcpy between two allocas makes the target UB. (Found by the differential
; campaign, seed 2611, mutant 360: vecverify had dropped the marker and said correct.)
define i64 @src(i64 %x) {
  %a = alloca i64, align 8
  %b = alloca i64, align 8
  store i64 %x, ptr %a
  call void @llvm.memcpy.p0.p0.i64(ptr %b, ptr %a, i64 8, i1 false)
  %r = load i64, ptr %b
  ret i64 %r
}

define i64 @tgt(i64 %x) {
  %a = alloca i64, align 8
  %b = alloca i64, align 8
  store i64 %x, ptr %a
  tail call void @llvm.memcpy.p0.p0.i64(ptr %b, ptr %a, i64 8, i1 false)
  %r = load i64, ptr %b
  ret i64 %r
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
