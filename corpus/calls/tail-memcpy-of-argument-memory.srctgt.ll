; The tail marker says nothing about memory that is not the caller's allocas: a tail
; memcpy between argument pointers is the same memcpy.
define void @src(ptr noalias %d, ptr noalias %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false)
  ret void
}

define void @tgt(ptr noalias %d, ptr noalias %s) {
  tail call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
