; A big-endian data layout: lane 0 in the highest bits of a bitcast, the most
; significant byte first in memory.
target datalayout = "E-m:e-i64:64-n32:64"

define i16 @src(ptr %p, <2 x i8> %v) {
  store i32 305419896, ptr %p
  %b = load i8, ptr %p
  %w = zext i8 %b to i16
  %c = bitcast <2 x i8> %v to i16
  %r = add i16 %w, %c
  ret i16 %r
}

define i16 @tgt(ptr %p, <2 x i8> %v) {
  store i32 305419896, ptr %p
  %v0 = extractelement <2 x i8> %v, i64 0
  %v1 = extractelement <2 x i8> %v, i64 1
  %h = zext i8 %v0 to i16
  %l = zext i8 %v1 to i16
  %hs = shl i16 %h, 8
  %c = or i16 %hs, %l
  %r = add i16 %c, 18
  ret i16 %r
}
