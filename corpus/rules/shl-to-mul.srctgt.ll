; Binary replacement (SLP-M Table 2): X << k = X * 2^k, nuw kept.
define <4 x i32> @src(<4 x i32> %x) {
  %r = shl nuw <4 x i32> %x, <i32 1, i32 2, i32 3, i32 4>
  ret <4 x i32> %r
}

define <4 x i32> @tgt(<4 x i32> %x) {
  %r = mul nuw <4 x i32> %x, <i32 2, i32 4, i32 8, i32 16>
  ret <4 x i32> %r
}
