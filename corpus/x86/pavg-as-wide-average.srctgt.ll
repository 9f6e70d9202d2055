; pavgw is the rounded-up average, computed without overflow.
define <8 x i16> @src(<8 x i16> %a, <8 x i16> %b) {
  %r = call <8 x i16> @llvm.x86.sse2.pavg.w(<8 x i16> %a, <8 x i16> %b)
  ret <8 x i16> %r
}

define <8 x i16> @tgt(<8 x i16> %a, <8 x i16> %b) {
  %za = zext <8 x i16> %a to <8 x i32>
  %zb = zext <8 x i16> %b to <8 x i32>
  %s = add nuw nsw <8 x i32> %za, %zb
  %s1 = add nuw nsw <8 x i32> %s, splat (i32 1)
  %h = lshr <8 x i32> %s1, splat (i32 1)
  %r = trunc <8 x i32> %h to <8 x i16>
  ret <8 x i16> %r
}

declare <8 x i16> @llvm.x86.sse2.pavg.w(<8 x i16>, <8 x i16>)
