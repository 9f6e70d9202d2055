; Differential campaign (docs/differential.md), seed 7331, mutant 309 (from Alive2's
; emptyaggr-load.srctgt.ll, `writeonly` added to the target's parameter): a load of an
; empty struct through a `writeonly` pointer touches no memory, so it reads nothing
; through it (LangRef: a function reading through a writeonly argument is UB). vecverify
; called the target UB ('Source is more defined than target'); alive-tv: correct.
define {} @src(ptr %p, ptr %q) {
  %w = load {}, ptr %q, align 1
  ret {} zeroinitializer
}

define {} @tgt(ptr %p, ptr writeonly %q) {
  %w = load {}, ptr %q, align 1
  ret {} %w
}
