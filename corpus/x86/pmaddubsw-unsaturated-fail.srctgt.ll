; ERROR: Value mismatch
; pmaddubsw adds its two products with signed saturation: 255*127 + 255*127 is 32767.
define <8 x i16> @src(<16 x i8> %a, <16 x i8> %b) {
  %r = call <8 x i16> @llvm.x86.ssse3.pmadd.ub.sw.128(<16 x i8> %a, <16 x i8> %b)
  ret <8 x i16> %r
}

define <8 x i16> @tgt(<16 x i8> %a, <16 x i8> %b) {
  %za = zext <16 x i8> %a to <16 x i16>
  %sb = sext <16 x i8> %b to <16 x i16>
  %p = mul <16 x i16> %za, %sb
  %even = shufflevector <16 x i16> %p, <16 x i16> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %odd = shufflevector <16 x i16> %p, <16 x i16> poison, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %r = add <8 x i16> %even, %odd
  ret <8 x i16> %r
}

declare <8 x i16> @llvm.x86.ssse3.pmadd.ub.sw.128(<16 x i8>, <16 x i8>)
