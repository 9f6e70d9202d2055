; icmp eq of pointers compares addresses (LangRef: as integers): a pointer one past the
; end of one object may equal a pointer to another, with another provenance, so
; returning %p where the source returned the equal %q is wrong. (Was "correct":
; pointers into different blocks compared unequal, an approximation.)
; alive-tv: ERROR: Value mismatch.
define ptr @src(ptr %p, ptr %q) {
  %c = icmp eq ptr %p, %q
  br i1 %c, label %A, label %B
A:
  ret ptr %q
B:
  ret ptr null
}

define ptr @tgt(ptr %p, ptr %q) {
  %c = icmp eq ptr %p, %q
  br i1 %c, label %A, label %B
A:
  ret ptr %p
B:
  ret ptr null
}

; ERROR: Value mismatch
