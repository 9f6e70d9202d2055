; A source whose tail-marked memcpy accesses its own allocas is UB (LangRef, 'call'),
; so any target refines it (Alive2's calls/tailcall-memcpy, reduced).
define i64 @src(i64 noundef %x) {
  %a = alloca i64, align 8
  %b = alloca i64, align 8
  store i64 %x, ptr %a, align 8
  tail call void @llvm.memcpy.p0.p0.i64(ptr %b, ptr %a, i64 8, i1 false)
  %r = load i64, ptr %b, align 8
  ret i64 %r
}

define i64 @tgt(i64 noundef %x) {
  ret i64 poison
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
