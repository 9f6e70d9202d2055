; A selector byte with its top bit set gives 0, whatever the table holds.
define <16 x i8> @src(<16 x i8> %t, <16 x i8> %s) {
  %m = or <16 x i8> %s, splat (i8 -128)
  %r = call <16 x i8> @llvm.x86.ssse3.pshuf.b.128(<16 x i8> %t, <16 x i8> %m)
  ret <16 x i8> %r
}

define <16 x i8> @tgt(<16 x i8> %t, <16 x i8> %s) {
  ret <16 x i8> zeroinitializer
}

declare <16 x i8> @llvm.x86.ssse3.pshuf.b.128(<16 x i8>, <16 x i8>)
