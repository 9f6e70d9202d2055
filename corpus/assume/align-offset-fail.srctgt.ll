; ERROR: Source is more defined than target
; "align"(%p, 16, 4) says %p - 4 is 16-aligned: %p itself is not, so the target's
; align 16 load is undefined behaviour.
define i32 @src(ptr %p) {
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 16, i64 4) ]
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

define i32 @tgt(ptr %p) {
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 16, i64 4) ]
  %v = load i32, ptr %p, align 16
  ret i32 %v
}

declare void @llvm.assume(i1)
