; ERROR: Source is more defined than target
; Differential campaign (docs/differential.md), seed 7331, mutant 718 (from Alive2's
; emptyaggr-load.srctgt.ll, `nonnull` added to the target's parameter): with %p null,
; the target's %p is poison (nonnull without noundef) and its load of no bytes through
; a poison pointer is UB; the source's load of no bytes through null is not. vecverify
; called it correct (a wrong 'correct'): the inputs gave a pointer argument used only as
; an address no null value, taking a pointer into an empty block as the same, which
; `nonnull` tells apart. alive-tv: Source is more defined than target.
define void @src(ptr %p) {
  %v = load {}, ptr %p, align 1
  ret void
}

define void @tgt(ptr nonnull %p) {
  %v = load {}, ptr %p, align 1
  ret void
}
