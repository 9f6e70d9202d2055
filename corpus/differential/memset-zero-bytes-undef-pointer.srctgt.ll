; A memset of 0 bytes through an undef pointer (with align 4) added: a no-op (LangRef: a
; length of 0 writes nothing; the pointer parameter is not noundef, so even a misaligned
; choice, poison under align, is no UB). alive-tv (10340555) calls it "Source is more
; defined than target". Differential campaign seed 5309, mutant 1455, reduced
; (docs/differential.md); from Alive2's memory/memset-align.ident.ll.
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg)

define void @src(ptr %out) {
  ret void
}

define void @tgt(ptr %out) {
  call void @llvm.memset.p0.i64(ptr align 4 undef, i8 0, i64 0, i1 false)
  ret void
}
