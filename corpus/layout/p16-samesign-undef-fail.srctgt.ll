; Differential campaign (docs/differential.md), seed 22 mutant 344 at 16-bit pointers:
; the target returns undef where the source returns a defined bit. At 8-bit pointers
; vecverify called this correct (the source "always UB": no block address fits in an
; 8-bit address space), now unsupported there; alive-tv: Target's return value is more
; undefined.
; ERROR: Target's return value is more undefined
target datalayout = "p:16:16:16"

define i1 @src(ptr %a, ptr %b) {
  %cmp = icmp samesign eq ptr %b, null
  ret i1 %cmp
}

define i1 @tgt(ptr %a, ptr %b) {
  %cmp = icmp samesign eq ptr %b, null
  ret i1 undef
}
