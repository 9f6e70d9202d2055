; A misaligned pointer passed to an 'align 4 dereferenceable(1)' parameter (of the
; declaration, holding at every call) is poison, and a poison pointer is not
; dereferenceable: the call is UB, so the target may assume the alignment after it.
; (The dereferenceable check looked at the argument before align made it poison: a
; false alarm, 'Source is more defined than target'; alive-tv: correct. Differential
; campaign seed 5309, mutant 394.)
declare void @f(ptr align 4 dereferenceable(1))

define void @src(ptr %p) {
  call void @f(ptr %p)
  ret void
}

define void @tgt(ptr %p) {
  call void @f(ptr %p)
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 4) ]
  ret void
}
