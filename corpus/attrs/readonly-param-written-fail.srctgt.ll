; The target promises not to write through %p (readonly) and writes through it: UB
; where the source is defined. (Was "correct": readonly on a parameter of the function
; itself was read and dropped.) alive-tv: ERROR: Source is more defined than target.
define i8 @src(ptr %p) {
  store i8 3, ptr %p
  ret i8 2
}

define i8 @tgt(ptr readonly %p) {
  store i8 3, ptr %p
  ret i8 2
}

; ERROR: Source is more defined than target
