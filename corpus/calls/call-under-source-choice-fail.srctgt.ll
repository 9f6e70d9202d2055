; ERROR: Value mismatch
; The source calls @g and returns true, or (its choice) returns false without the call;
; the target calls @g and returns false, which no execution of the source does. Each
; query let the source choose anew, and the target's call, matched only where the
; source makes it, was UB under the other choice: the value query's failure escaped
; under the choice without the call, the UB query's under the one with it (a wrong
; 'correct'). The joint query counts a source execution under which the target is UB
; as failing too. Differential campaign seed 5309, mutant 1184 (alive-tv: incorrect).
declare void @g() willreturn

define i1 @src() {
  %c = freeze i1 undef
  br i1 %c, label %A, label %B
A:
  call void @g()
  ret i1 true
B:
  ret i1 false
}

define i1 @tgt() {
  call void @g()
  ret i1 false
}
