; A vector constant with a constant expression in a lane, folded wrongly.
; ERROR: Value mismatch
@t = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]

define <2 x i32> @src() {
  %p = getelementptr i32, <2 x ptr> <ptr getelementptr inbounds ([4 x i32], ptr @t, i64 0, i64 1), ptr @t>, <2 x i64> <i64 1, i64 0>
  %v = call <2 x i32> @llvm.masked.gather.v2i32.v2p0(<2 x ptr> %p, i32 4, <2 x i1> <i1 true, i1 true>, <2 x i32> poison)
  ret <2 x i32> %v
}

define <2 x i32> @tgt() {
  ret <2 x i32> <i32 2, i32 1>
}

declare <2 x i32> @llvm.masked.gather.v2i32.v2p0(<2 x ptr>, i32, <2 x i1>, <2 x i32>)
