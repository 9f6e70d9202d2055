; llvm.memset and llvm.memcpy with constant lengths, byte by byte; memmove refines memcpy.
define i32 @src(ptr noalias %p, ptr noalias %q, i8 %v) {
  call void @llvm.memset.p0.i64(ptr align 4 %p, i8 %v, i64 8, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %q, ptr %p, i64 8, i1 false)
  %r = load i32, ptr %q
  ret i32 %r
}

define i32 @tgt(ptr noalias %p, ptr noalias %q, i8 %v) {
  %w = zext i8 %v to i32
  %s = mul i32 %w, 16843009
  store i32 %s, ptr %p, align 4
  %p4 = getelementptr i8, ptr %p, i64 4
  store i32 %s, ptr %p4
  call void @llvm.memmove.p0.p0.i64(ptr %q, ptr %p, i64 8, i1 false)
  ret i32 %s
}
