; What vectorizers do: a lane extracted once and squared, against the vector multiplied
; by itself (the argument read twice). With an undef lane both may be anything the
; product of two undef values may be. alive-tv: correct.
define i8 @src(<2 x i8> %v) {
  %e = extractelement <2 x i8> %v, i32 0
  %r = mul i8 %e, %e
  ret i8 %r
}

define i8 @tgt(<2 x i8> %v) {
  %m = mul <2 x i8> %v, %v
  %r = extractelement <2 x i8> %m, i32 0
  ret i8 %r
}
