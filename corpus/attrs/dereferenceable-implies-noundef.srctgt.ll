; dereferenceable(n) implies noundef (LangRef: "The pointer should be well defined,
; otherwise it is undefined behavior"), so hoisting a load of the argument out of a
; branch is correct even when the argument might have been poison. (Was a false
; alarm: a poison argument was allowed.) alive-tv: correct.
define i32 @src(i1 %c, ptr dereferenceable(4) %p) {
entry:
  br i1 %c, label %a, label %exit
a:
  %v1 = load i32, ptr %p, align 1
  br label %exit
exit:
  %val = phi i32 [ %v1, %a ], [ 0, %entry ]
  ret i32 %val
}

define i32 @tgt(i1 %c, ptr dereferenceable(4) %p) {
  %v1 = load i32, ptr %p, align 1
  %val = select i1 %c, i32 %v1, i32 0
  ret i32 %val
}
