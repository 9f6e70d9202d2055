; Differential campaign (docs/differential.md): Alive2's samesign-ptr.srctgt.ll at 16-bit
; pointers, where block addresses fit in the address space (at 8 bits none does, and
; a check that looks at an address is reported unsupported: before, every such check
; held vacuously, the inputs having no memory layout at all).
; An inbounds step from a pointer argument is never null. alive-tv: correct.
target datalayout = "p:16:16:16"

define i1 @src(ptr %base) {
  %gep = getelementptr inbounds i8, ptr %base, i64 1
  %cnd = icmp samesign eq ptr %gep, null
  ret i1 %cnd
}

define i1 @tgt(ptr %base) {
  ret i1 false
}
