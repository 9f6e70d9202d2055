; The target's calls drop call-site promises the source's make: noreturn, willreturn and a
; noundef result. Each broken promise is UB in the source, so the target's calls behave
; as the source's did (alive-tv: correct; attrs/noreturn-dropattr in Alive2's suite).
declare i8 @f(i8)
declare void @g(ptr)

define i8 @src(i8 %x, ptr %p) {
  %a = call noundef i8 @f(i8 %x) willreturn
  store i8 %a, ptr %p
  call void @g(ptr %p) noreturn
  ret i8 %a
}

define i8 @tgt(i8 %x, ptr %p) {
  %a = call i8 @f(i8 %x)
  store i8 %a, ptr %p
  call void @g(ptr %p)
  ret i8 %a
}
