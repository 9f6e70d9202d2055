; A global is aligned as it states (align 4), not more: a load that claims align 16 may
; be misaligned, UB where the source's is not. (Was "correct": every block's base was
; taken to be 4096-aligned, an approximation.) alive-tv: ERROR: Source is more defined than target.
@g = global i32 0, align 4

define i32 @src() {
  %v = load i32, ptr @g, align 4
  ret i32 %v
}

define i32 @tgt() {
  %v = load i32, ptr @g, align 16
  ret i32 %v
}

; ERROR: Source is more defined than target
