; Two calls that only read, with the same inputs, on the path where a stored byte may
; be undef (the argument %v): the target moves the first read into one arm and reads
; twice on the other. The environment is a function: equal inputs (the same memory:
; no write between the calls) give equal outputs, whatever undef the memory holds.
; (Was a false alarm: equal outputs were only stated for memory free of undef, and a
; target call took the first matching source call's outputs.) alive-tv: correct.
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
  call void @use(ptr @g)
  call void @clobber(ptr @g)
  %x = load i8, ptr @g
  ret i8 %x
b:
  call void @use(ptr @g)
  call void @use(ptr @g)
  ret i8 0
}
