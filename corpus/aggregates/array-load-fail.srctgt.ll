; ERROR: Target is more poisonous than source
; A whole array loaded: its elements in order (element 1 is not element 0; the first
; difference found is a poison byte in one but not the other).
define i16 @src(ptr %p) {
  %a = load [2 x i16], ptr %p
  %e = extractvalue [2 x i16] %a, 1
  ret i16 %e
}

define i16 @tgt(ptr %p) {
  %a = load [2 x i16], ptr %p
  %e = extractvalue [2 x i16] %a, 0
  ret i16 %e
}
