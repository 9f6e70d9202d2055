; Differential campaign (docs/differential.md), an Alive2 bug (seed 22, mutant 348, from
; Alive2's loops/nested-exit-phi.srctgt.ll with the target's constant nudged 1 -> 0).
; The outer loop runs twice (%i = 0, then 1; `br i1 false` never repeats the inner one),
; so the source returns the second iteration's %x = 1 and a target returning 0 is wrong.
; LangRef, phi: "At runtime, the 'phi' instruction logically takes on the value specified
; by the pair corresponding to the predecessor basic block that executed just prior to
; the current block." alive-tv (10340555, LLVM 22): correct for `ret i32 0` and Value
; mismatch for `ret i32 1` at every unroll bound from 2 to 8: it returns the first
; iteration's value (its own test expects `ret i32 1` to verify).
; TEST-ARGS: -src-unroll=2 -tgt-unroll=2
; ERROR: Value mismatch
define i32 @src() {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ 1, %latch ]
  br label %inner

inner:
  %x = mul i32 %i, 1
  br label %inner.latch

inner.latch:
  br i1 false, label %inner, label %latch

latch:
  %c = icmp slt i32 %i, 1
  br i1 %c, label %outer, label %exit

exit:
  ret i32 %x
}

define i32 @tgt() {
  ret i32 0
}
