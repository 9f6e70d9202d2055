; range(...) on parameters, returns and call results (LLVM 22's opt writes them): a
; value outside is poison.
define i8 @src(i32 range(i32 0, 10) %x, i32 range(i32 0, 10) %y) {
  %a = call i8 @llvm.scmp.i8.i32(i32 %x, i32 %y)
  %c = call range(i32 0, 33) i32 @llvm.ctpop.i32(i32 %x)
  %d = icmp ult i32 %c, 33
  %e = zext i1 %d to i8
  %r = add i8 %a, %e
  ret i8 %r
}

define range(i8 -1, 3) i8 @tgt(i32 %x, i32 %y) {
  %a = call i8 @llvm.ucmp.i8.i32(i32 %x, i32 %y)
  %r = add i8 %a, 1
  ret i8 %r
}
