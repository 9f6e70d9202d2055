; A null pointer is aligned (its address is 0): 'align 4' on the target's parameter makes
; no poison of it. (The check looked at the pointer the argument is where it is not null,
; whose offset may be misaligned: a false alarm, 'Source is more defined than target' with
; %ptr = null; alive-tv: correct. Differential campaign seed 5309, mutant 1841, from
; Alive2's assume/align2.)
declare void @f(ptr noundef align 4)

define void @src(ptr %ptr) {
  call void @f(ptr %ptr)
  ret void
}

define void @tgt(ptr align 4 %ptr) {
  call void @f(ptr %ptr)
  ret void
}
