; ERROR: Source is more defined than target
; memcpy's ranges may not overlap: memmove -> memcpy is wrong.
define void @src(ptr %p) {
  %a = getelementptr i8, ptr %p, i64 2
  call void @llvm.memmove.p0.p0.i64(ptr %p, ptr %a, i64 4, i1 false)
  ret void
}

define void @tgt(ptr %p) {
  %a = getelementptr i8, ptr %p, i64 2
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %a, i64 4, i1 false)
  ret void
}
