; Named and nested struct types: field offsets as LLVM lays them out in x86-64's data
; layout (without the layout line, LLVM's default aligns the i64 to 4: offset 20).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%inner = type { i8, i32 }
%outer = type { i16, %inner, [3 x i16], i64 }

define i64 @src(ptr %p) {
  %a = getelementptr inbounds %outer, ptr %p, i64 0, i32 1, i32 1
  %b = getelementptr inbounds %outer, ptr %p, i64 0, i32 3
  %x = load i32, ptr %a
  %y = load i64, ptr %b
  %z = zext i32 %x to i64
  %r = add i64 %z, %y
  ret i64 %r
}

define i64 @tgt(ptr %p) {
  %a = getelementptr inbounds i8, ptr %p, i64 8
  %b = getelementptr inbounds i8, ptr %p, i64 24
  %x = load i32, ptr %a
  %y = load i64, ptr %b
  %z = zext i32 %x to i64
  %r = add i64 %z, %y
  ret i64 %r
}
