; memory(read) on the target: its store is UB where the source's is not. (Was
; "correct": the memory attribute of the function itself was dropped.)
; alive-tv: ERROR: Source is more defined than target.
define void @src(ptr %p) {
  store i8 1, ptr %p
  ret void
}

define void @tgt(ptr %p) memory(read) {
  store i8 1, ptr %p
  ret void
}

; ERROR: Source is more defined than target
