; ERROR: Source is more defined than target
@t = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]

define i32 @src() {
  %a = load i32, ptr getelementptr inbounds ([4 x i32], ptr @t, i64 0, i64 3)
  ret i32 %a
}

define i32 @tgt() {
  %a = load i32, ptr getelementptr ([4 x i32], ptr @t, i64 1, i64 0)
  ret i32 %a
}
