; Differential campaign (docs/differential.md), an Alive2 bug (seed 22, mutant 5347, from
; Alive2's bugs/pr43948.srctgt.ll with an index nudged to -2^63): an inbounds
; getelementptr whose index times the element size (-2^63 * 128) overflows is poison, so
; the load through it is UB on every input and any target refines the source
; (vecverify warns that the source is always UB). LangRef, getelementptr: with inbounds
; (which implies nusw), "The multiplication of an index by the type size does not wrap
; the pointer index type in a signed sense (mul nsw)", else the result is poison; and a
; load through poison is UB. alive-tv: Source is more defined than target (it lets the
; product wrap to 0 and loads element 3).
@arr = global [32 x i32] zeroinitializer, align 16

define i32 @src() {
  %p = getelementptr inbounds [32 x i32], ptr @arr, i64 -9223372036854775808, i64 3
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

define i32 @tgt() {
  unreachable
}
