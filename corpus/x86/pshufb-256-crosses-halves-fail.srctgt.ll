; ERROR: Target is more poisonous than source
; The AVX2 pshufb selects within each 128-bit half: it is not a 32-byte shuffle.
define <32 x i8> @src(<32 x i8> %t) {
  %r = call <32 x i8> @llvm.x86.avx2.pshuf.b(<32 x i8> %t, <32 x i8> <i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0>)
  ret <32 x i8> %r
}

define <32 x i8> @tgt(<32 x i8> %t) {
  %r = shufflevector <32 x i8> %t, <32 x i8> poison, <32 x i32> zeroinitializer
  ret <32 x i8> %r
}

declare <32 x i8> @llvm.x86.avx2.pshuf.b(<32 x i8>, <32 x i8>)
