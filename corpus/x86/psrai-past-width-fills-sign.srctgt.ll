; An arithmetic shift by the lane width or more fills each lane with its sign.
define <4 x i32> @src(<4 x i32> %v, i32 %n) {
  %big = or i32 %n, 32
  %r = call <4 x i32> @llvm.x86.sse2.psrai.d(<4 x i32> %v, i32 %big)
  ret <4 x i32> %r
}

define <4 x i32> @tgt(<4 x i32> %v, i32 %n) {
  %r = ashr <4 x i32> %v, splat (i32 31)
  ret <4 x i32> %r
}

declare <4 x i32> @llvm.x86.sse2.psrai.d(<4 x i32>, i32)
