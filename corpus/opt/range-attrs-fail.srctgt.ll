; ERROR: Target is more poisonous than source
; The target's range excludes a value the source returns.
define i8 @src(i32 %x, i32 %y) {
  %a = call i8 @llvm.scmp.i8.i32(i32 %x, i32 %y)
  ret i8 %a
}

define range(i8 0, 2) i8 @tgt(i32 %x, i32 %y) {
  %a = call i8 @llvm.scmp.i8.i32(i32 %x, i32 %y)
  ret i8 %a
}
