; Differential campaign (docs/differential.md), seed 8821, mutant 628 (from Alive2's
; emptyaggr-load.srctgt.ll, `memory(write)` added to the target): a load of an empty
; struct touches no memory, so it reads no location the attribute forbids (LangRef: a
; function reading a location its memory attribute does not allow is UB), as through a
; `writeonly` argument (writeonly-load-of-empty-struct). alive-tv: 'Source is more
; defined than target' here, though it calls the writeonly case correct.
define {} @src(ptr %p, ptr %q) {
  %w = load {}, ptr %q, align 1
  ret {} zeroinitializer
}

define {} @tgt(ptr %p, ptr %q) memory(write) {
  %w = load {}, ptr %q, align 1
  ret {} %w
}
