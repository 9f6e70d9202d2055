; ERROR: Source is more defined than target
; Two different argmem callees writing @a, reordered: the last writer's bytes stay.
; (alive-tv calls this correct.)
; (memory(...) location kinds of a callee; written 2026-11-27)

@a = global i8 0

define void @src() {
  call void @f(ptr @a)
  call void @g(ptr @a)
  ret void
}

define void @tgt() {
  call void @g(ptr @a)
  call void @f(ptr @a)
  ret void
}

declare void @f(ptr) memory(argmem: readwrite) willreturn
declare void @g(ptr) memory(argmem: readwrite) willreturn
