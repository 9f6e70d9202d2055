; A select of undef values (or on an undef condition) is undef at each of its uses:
; one select used twice is no more defined than two selects. alive-tv: correct.
define i8 @src(i1 %c, i8 %x, i8 %y) {
  %s = select i1 %c, i8 %x, i8 %y
  %r = sub i8 %s, %s
  ret i8 %r
}

define i8 @tgt(i1 %c, i8 %x, i8 %y) {
  %a = select i1 %c, i8 %x, i8 %y
  %b = select i1 %c, i8 %x, i8 %y
  %r = sub i8 %a, %b
  ret i8 %r
}
