; Differential campaign (docs/differential.md), an Alive2 difference (seed 22, mutant 537,
; from Alive2's emptyaggr.srctgt.ll): the target adds `noundef` to a parameter of type {}.
; An empty struct has no bits, so no undefined ones: the attribute adds no UB. LangRef,
; noundef: "If the value representation contains any undefined or poison bits, the
; behavior is undefined." alive-tv: ERROR: Parameter attributes not refined (it requires
; the target's parameter attributes to be among the source's, whatever the type).
define {} @src({} %v, {} %w) {
  ret {} %v
}

define {} @tgt({} %v, {} noundef %w) {
  ret {} %w
}
