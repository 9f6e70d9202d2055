; ERROR: Target is more poisonous than source
; A per-lane shift is not shl: a count of 32 or more gives 0, where shl gives poison.
define <4 x i32> @src(<4 x i32> %v, <4 x i32> %n) {
  %r = call <4 x i32> @llvm.x86.avx2.psllv.d(<4 x i32> %v, <4 x i32> %n)
  ret <4 x i32> %r
}

define <4 x i32> @tgt(<4 x i32> %v, <4 x i32> %n) {
  %r = shl <4 x i32> %v, %n
  ret <4 x i32> %r
}

declare <4 x i32> @llvm.x86.avx2.psllv.d(<4 x i32>, <4 x i32>)
