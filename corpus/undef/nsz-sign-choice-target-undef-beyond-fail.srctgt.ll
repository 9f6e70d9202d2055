; ERROR: Target's return value is more undefined
; The converse of nsz-sign-choice-covers-target-undef: the source's choice covers a zero's
; sign only, the target's undef condition picks %x or its negation.
define float @src(float %x, i1 %b) {
  %r = fneg nsz float %x
  ret float %r
}

define float @tgt(float %x, i1 %b) {
  %n = fneg float %x
  %a = select i1 undef, float %n, float %x
  ret float %a
}
