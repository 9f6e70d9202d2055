; ERROR: Target is more poisonous than source
%pair = type { i32, [2 x i8] }

define i8 @src(i8 %v) {
  %a = insertvalue { %pair, i64 } poison, i8 %v, 0, 1, 1
  %b = insertvalue { %pair, i64 } %a, i8 7, 0, 1, 0
  %c = extractvalue { %pair, i64 } %b, 0, 1, 0
  ret i8 %c
}

define i8 @tgt(i8 %v) {
  ret i8 %v
}
