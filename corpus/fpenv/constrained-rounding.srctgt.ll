; x - 0.0 is x in every rounding mode but downward (where +0.0 - 0.0 is -0.0): the fold
; holds when the call says round.upward (a call whose mode is not the one in effect is
; undefined behaviour). fpexcept.ignore: no exception flags to keep.
define float @src(float %x) {
  %r = call float @llvm.experimental.constrained.fsub.f32(float %x, float 0.0, metadata !"round.upward", metadata !"fpexcept.ignore")
  ret float %r
}

define float @tgt(float %x) {
  ret float %x
}

declare float @llvm.experimental.constrained.fsub.f32(float, float, metadata, metadata)
