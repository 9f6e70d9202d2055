; Between llvm.lifetime.start and llvm.lifetime.end the alloca is an ordinary object:
; the stored value is loaded back. alive-tv: correct.
define i8 @src() {
  %p = alloca i8
  call void @llvm.lifetime.start.p0(ptr %p)
  store i8 7, ptr %p
  %v = load i8, ptr %p
  call void @llvm.lifetime.end.p0(ptr %p)
  ret i8 %v
}

define i8 @tgt() {
  ret i8 7
}
