; As reads-of-undef-memory, but the target's reading call moved after the call that
; may write the global: it reads memory the source never gave the callee, so it
; matches no source call (UB). alive-tv: Source is more defined than target.
@g = external global i7

declare void @use(ptr) memory(argmem: read)
declare void @clobber(ptr) memory(argmem: readwrite)

define i8 @src(i1 noundef %c, i8 %v) {
  store i8 %v, ptr @g
  call void @use(ptr @g)
  br i1 %c, label %a, label %b
a:
  call void @clobber(ptr @g)
  %x = load i8, ptr @g
  ret i8 %x
b:
  call void @use(ptr @g)
  ret i8 0
}

define i8 @tgt(i1 noundef %c, i8 %v) {
  store i8 %v, ptr @g
  br i1 %c, label %a, label %b
a:
  call void @clobber(ptr @g)
  call void @use(ptr @g)
  %x = load i8, ptr @g
  ret i8 %x
b:
  call void @use(ptr @g)
  call void @use(ptr @g)
  ret i8 0
}

; ERROR: Source is more defined than target
