; A logical shift by the lane width or more gives 0 (not poison, as lshr would).
define <16 x i16> @src(<16 x i16> %v) {
  %r = call <16 x i16> @llvm.x86.avx2.psrli.w(<16 x i16> %v, i32 16)
  ret <16 x i16> %r
}

define <16 x i16> @tgt(<16 x i16> %v) {
  ret <16 x i16> zeroinitializer
}

declare <16 x i16> @llvm.x86.avx2.psrli.w(<16 x i16>, i32)
