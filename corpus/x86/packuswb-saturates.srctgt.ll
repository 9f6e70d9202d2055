; packuswb saturates each signed 16-bit lane to 0..255: a lane that is already a byte
; value (0..255) packs to itself.
define <16 x i8> @src(<8 x i16> %a, <8 x i16> %b) {
  %ma = and <8 x i16> %a, splat (i16 255)
  %mb = and <8 x i16> %b, splat (i16 255)
  %r = call <16 x i8> @llvm.x86.sse2.packuswb.128(<8 x i16> %ma, <8 x i16> %mb)
  ret <16 x i8> %r
}

define <16 x i8> @tgt(<8 x i16> %a, <8 x i16> %b) {
  %c = shufflevector <8 x i16> %a, <8 x i16> %b, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %r = trunc <16 x i16> %c to <16 x i8>
  ret <16 x i8> %r
}

declare <16 x i8> @llvm.x86.sse2.packuswb.128(<8 x i16>, <8 x i16>)
