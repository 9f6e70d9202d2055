; A shift by vector uses only the low 64 bits of its count: lanes 4..7 of an <8 x i16>
; count are ignored, poison or not.
define <8 x i16> @src(<8 x i16> %v) {
  %r = call <8 x i16> @llvm.x86.sse2.psrl.w(<8 x i16> %v, <8 x i16> <i16 0, i16 0, i16 0, i16 0, i16 poison, i16 7, i16 7, i16 7>)
  ret <8 x i16> %r
}

define <8 x i16> @tgt(<8 x i16> %v) {
  ret <8 x i16> %v
}

declare <8 x i16> @llvm.x86.sse2.psrl.w(<8 x i16>, <8 x i16>)
