; Horizontal reduction (bottom-up SLP seed): an add tree over four loads becomes a
; vector load and llvm.vector.reduce.add (the tree's nsw must not survive).
define i32 @src(ptr %p) {
  %x0 = load i32, ptr %p, align 4
  %p1 = getelementptr inbounds i32, ptr %p, i64 1
  %x1 = load i32, ptr %p1, align 4
  %p2 = getelementptr inbounds i32, ptr %p, i64 2
  %x2 = load i32, ptr %p2, align 4
  %p3 = getelementptr inbounds i32, ptr %p, i64 3
  %x3 = load i32, ptr %p3, align 4
  %s0 = add nsw i32 %x0, %x1
  %s1 = add nsw i32 %s0, %x2
  %s2 = add nsw i32 %s1, %x3
  ret i32 %s2
}

define i32 @tgt(ptr %p) {
  %v = load <4 x i32>, ptr %p, align 4
  %r = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v)
  ret i32 %r
}
