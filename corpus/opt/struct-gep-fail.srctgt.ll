; ERROR: Target is more poisonous than source
%inner = type { i8, i32 }
%outer = type { i16, %inner, [3 x i16], i64 }

define i32 @src(ptr %p) {
  %a = getelementptr inbounds %outer, ptr %p, i64 0, i32 1, i32 1
  %x = load i32, ptr %a
  ret i32 %x
}

define i32 @tgt(ptr %p) {
  %a = getelementptr inbounds i8, ptr %p, i64 5
  %x = load i32, ptr %a, align 1
  ret i32 %x
}
