; ERROR: Source is more defined than target
; The same for a masked load: a tail-marked llvm.masked.load reading the caller's
; alloca is UB when a lane is active.
define <2 x i32> @src(<2 x i32> %v) {
  %a = alloca <2 x i32>, align 8
  store <2 x i32> %v, ptr %a, align 8
  %r = call <2 x i32> @llvm.masked.load.v2i32.p0(ptr align 8 %a, <2 x i1> <i1 true, i1 false>, <2 x i32> zeroinitializer)
  ret <2 x i32> %r
}

define <2 x i32> @tgt(<2 x i32> %v) {
  %a = alloca <2 x i32>, align 8
  store <2 x i32> %v, ptr %a, align 8
  %r = tail call <2 x i32> @llvm.masked.load.v2i32.p0(ptr align 8 %a, <2 x i1> <i1 true, i1 false>, <2 x i32> zeroinitializer)
  ret <2 x i32> %r
}

declare <2 x i32> @llvm.masked.load.v2i32.p0(ptr, <2 x i1>, <2 x i32>)
