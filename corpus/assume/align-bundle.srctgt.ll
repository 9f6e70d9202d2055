; The "align" bundle of llvm.assume: %p is 16-aligned, so the load may say so; the
; "nonnull" bundle: %p is not null.
define i32 @src(ptr %p) {
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 16), "nonnull"(ptr %p) ]
  %v = load i32, ptr %p, align 4
  %z = icmp eq ptr %p, null
  %r = select i1 %z, i32 0, i32 %v
  ret i32 %r
}

define i32 @tgt(ptr %p) {
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 16), "nonnull"(ptr %p) ]
  %v = load i32, ptr %p, align 16
  ret i32 %v
}

declare void @llvm.assume(i1)
