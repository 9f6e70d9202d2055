; An alloca is aligned as it states (align 4), not more: a load that claims align 16 may
; be misaligned. (Was "correct": allocas were taken to be 4096-aligned.)
; alive-tv: ERROR: Source is more defined than target.
define i32 @src() {
  %a = alloca i32, align 4
  store i32 1, ptr %a, align 4
  %v = load i32, ptr %a, align 4
  ret i32 %v
}

define i32 @tgt() {
  %a = alloca i32, align 4
  store i32 1, ptr %a, align 4
  %v = load i32, ptr %a, align 16
  ret i32 %v
}

; ERROR: Source is more defined than target
