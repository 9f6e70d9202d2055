; The bytes of memset-undef memory are independent: a load of two is not always a
; multiple of 257 (stored-mul-undef-correlated is the correlated case, which is).
; alive-tv: correct (its memset approximation: see memset-undef-bytes-independent).
define i16 @src(ptr %p) {
  call void @llvm.memset.p0.i64(ptr %p, i8 undef, i64 2, i1 false)
  ret i16 0
}

define i16 @tgt(ptr %p) {
  call void @llvm.memset.p0.i64(ptr %p, i8 undef, i64 2, i1 false)
  %v = load i16, ptr %p, align 1
  %r = urem i16 %v, 257
  ret i16 %r
}

; ERROR: Target's return value is more undefined
