; ERROR: Value mismatch
; x + -0.0 is x when rounding to nearest, but rounding downward +0.0 + -0.0 is -0.0:
; under round.dynamic the fold is wrong.
define float @src(float noundef %x) {
  %r = call float @llvm.experimental.constrained.fadd.f32(float %x, float -0.0, metadata !"round.dynamic", metadata !"fpexcept.ignore")
  ret float %r
}

define float @tgt(float noundef %x) {
  ret float %x
}

declare float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)
