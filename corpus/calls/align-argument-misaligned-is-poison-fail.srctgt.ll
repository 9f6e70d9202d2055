; ERROR: Source is more defined than target
; Without dereferenceable (or noundef), a misaligned pointer passed to an 'align 4'
; parameter is only poison: the call is defined, and assuming the alignment after it
; is not (converse of align-dereferenceable-argument-misaligned-is-ub).
declare void @f(ptr align 4)

define void @src(ptr %p) {
  call void @f(ptr %p)
  ret void
}

define void @tgt(ptr %p) {
  call void @f(ptr %p)
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 4) ]
  ret void
}
