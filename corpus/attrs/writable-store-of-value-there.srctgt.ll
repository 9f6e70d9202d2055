; With writable (and dereferenceable), the argument's memory may be written: storing the
; value already there may be added (store-of-value-there-may-be-read-only-fail is the
; same without it). alive-tv: correct.
define void @src(ptr dereferenceable(1) writable %p) {
  %v = load i8, ptr %p
  %c = icmp ne i8 %v, 42
  br i1 %c, label %then, label %else
then:
  store i8 42, ptr %p
  ret void
else:
  ret void
}

define void @tgt(ptr dereferenceable(1) writable %p) {
  store i8 42, ptr %p
  ret void
}
