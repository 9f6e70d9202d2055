; llvm.memset of an undef value writes undef bytes, each one undef on its own: a load of
; two of them may be any i16, 256 (bytes 0x00, 0x01) among them. A value stored whole is
; another matter: the bytes of a stored `mul i16 undef, 257` stay correlated
; (memset-undef-load-fail).
; alive-tv: ERROR: Value mismatch. Alive2 stores one undef byte value for the whole
; memset and renames it once per load, an approximation it states itself ("memset undef
; is approximated to store all identical undef bits", tests/alive-tv/memory/
; memset-undefptr-fail.srctgt.ll, Alive2 commit 44b8ac26). vecverify follows the LangRef:
; "an 'undef' value can be a different value at each use", and each byte written is one.
define i16 @src(ptr %p) {
  call void @llvm.memset.p0.i64(ptr %p, i8 undef, i64 2, i1 false)
  %v = load i16, ptr %p, align 1
  ret i16 %v
}

define i16 @tgt(ptr %p) {
  call void @llvm.memset.p0.i64(ptr %p, i8 undef, i64 2, i1 false)
  ret i16 256
}
