; extractvalue/insertvalue with nested indices, through arrays and named structs.
%pair = type { i32, [2 x i8] }

define i8 @src(i8 %v) {
  %a = insertvalue { %pair, i64 } poison, i8 %v, 0, 1, 1
  %b = insertvalue { %pair, i64 } %a, i8 7, 0, 1, 0
  %c = extractvalue { %pair, i64 } %b, 0, 1, 1
  %d = extractvalue %pair { i32 2, [2 x i8] c"fo" }, 1, 1
  %r = add i8 %c, %d
  ret i8 %r
}

define i8 @tgt(i8 %v) {
  %r = add i8 %v, 111
  ret i8 %r
}
