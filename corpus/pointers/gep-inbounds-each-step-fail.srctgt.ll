; ERROR: Target is more poisonous than source
; getelementptr inbounds is in bounds at each step (LangRef: "During the successive
; addition of offsets to the address, the resulting pointer must remain in bounds of
; the allocated object at each step"): the indices 1, -2 give %p's own address, but
; through %p + 8, outside an object of 4 bytes. Taken as %p (the total offset 0 was
; exempt from every rule): a wrong "correct". Found reading getelementptr's rules,
; confirmed by alive-tv (2026-11-28).
define ptr @src(ptr dereferenceable(4) %p) {
  ret ptr %p
}

define ptr @tgt(ptr dereferenceable(4) %p) {
  %q = getelementptr inbounds [2 x i32], ptr %p, i64 1, i64 -2
  ret ptr %q
}
