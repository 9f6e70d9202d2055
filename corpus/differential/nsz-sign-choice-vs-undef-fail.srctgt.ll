; Differential campaign (docs/differential.md), an Alive2 difference (seed 8821, mutant
; 749, from Alive2's fp/select-nsz.srctgt.ll): the source returns a zero whose sign an
; nsz flag leaves open, a choice made when the operation runs (the value is then one
; value, as a NaN's payload: nan-payload-choice-vs-undef-fail); the target's result
; depends on an undef argument, which each use may see differently (%b undef: %x.neg or
; %y, -0.0 or +0.0 at %x = -0.0, %y = +0.0). Undef is the more undefined. alive-tv:
; Transformation seems to be correct! (it lets the sign of an nsz zero be undef).
; ERROR: Target's return value is more undefined
define float @src(float %x, float %y, i1 %b) {
  %ny = fneg float %y
  %s = select nsz i1 %b, float %x, float %ny
  %r = fneg float %s
  ret float %r
}

define float @tgt(float %x, float %y, i1 %b) {
  %x.neg = fneg nsz float %x
  %a = select i1 %b, float %x.neg, float %y
  ret float %a
}
