; A phi of an undef argument is undef at each of its uses. alive-tv: correct.
define i8 @src(i8 %x, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %p = phi i8 [ %x, %a ], [ %x, %b ]
  %r = xor i8 %p, %p
  ret i8 %r
}

define i8 @tgt(i8 %x, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %r = xor i8 %x, %x
  ret i8 %r
}
