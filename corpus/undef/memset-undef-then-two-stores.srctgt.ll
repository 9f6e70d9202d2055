; The bytes memset writes from an undef value are undef bytes: each byte the caller reads
; may hold any value, so two stores of a value computed from undef (each a use of its own)
; refine them (the false alarm the per-use rule brought, found on corpus/opt/memset-memcpy).

define void @src(ptr noalias %p, i8 %v) {
  call void @llvm.memset.p0.i64(ptr align 4 %p, i8 %v, i64 8, i1 false)
  ret void
}

define void @tgt(ptr noalias %p, i8 %v) {
  %w = zext i8 %v to i32
  %s = mul i32 %w, 16843009
  store i32 %s, ptr %p, align 4
  %p4 = getelementptr i8, ptr %p, i64 4
  store i32 %s, ptr %p4
  ret void
}
