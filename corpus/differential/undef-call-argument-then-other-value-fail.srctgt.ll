; ERROR: Value mismatch
; The source passes undef to @g and returns 1; the target passes 0 and returns 2. Where
; @g ignores its argument the source returns 1: no undef argument makes a call UB
; (LangRef: only noundef does), so the source is defined and the target wrong. vecverify
; called it correct (the value query's failure escaped under the source's views of the
; undef other than 0, under which the target's call matched nothing: see
; corpus/calls/call-under-source-choice-fail). alive-tv (10340555): correct.
declare void @g(i8)

define i8 @src() {
  call void @g(i8 undef)
  ret i8 1
}

define i8 @tgt() {
  call void @g(i8 0)
  ret i8 2
}
