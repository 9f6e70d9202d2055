; Loops written for vecverify's loop benchmark (bench loops), 4 lanes, two parts.
; RUN: opt < %s -passes=loop-vectorize -force-vector-width=4 -force-vector-interleave=2 -S

define void @scale(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  %g = icmp sgt i64 %n, 0
  br i1 %g, label %loop, label %exit
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %w = mul i32 %v, 3
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %w, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define void @inplace(ptr %a, i32 %n) {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %ph, label %exit
ph:
  %wide = zext nneg i32 %n to i64
  br label %loop
loop:
  %i = phi i64 [0, %ph], [%i.next, %loop]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %w = add nsw i32 %v, 7
  store i32 %w, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %wide
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define i32 @sum(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %s = phi i32 [0, %entry], [%s.next, %loop]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %s.next = add i32 %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}

define i32 @smax(ptr noalias %a, i64 %n, i32 %init) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %m = phi i32 [%init, %entry], [%m.next, %loop]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %m.next = call i32 @llvm.smax.i32(i32 %m, i32 %v)
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %m.next
}

define void @diff(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %prev = phi i32 [0, %entry], [%v, %loop]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %d = sub i32 %v, %prev
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %d, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define void @iota(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %t = trunc i64 %i to i32
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %t, ptr %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define i64 @last(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %v = load i64, ptr %p, align 8
  %w = xor i64 %v, 255
  %q = getelementptr inbounds i64, ptr %b, i64 %i
  store i64 %w, ptr %q, align 8
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  %r = phi i64 [ %w, %loop ]
  ret i64 %r
}

define void @axpy(ptr noalias %x, ptr noalias %y, i16 %k, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %p = getelementptr inbounds i16, ptr %x, i64 %i
  %v = load i16, ptr %p, align 2
  %q = getelementptr inbounds i16, ptr %y, i64 %i
  %u = load i16, ptr %q, align 2
  %m = mul i16 %v, %k
  %w = add i16 %m, %u
  store i16 %w, ptr %q, align 2
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define i32 @sum_const() {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %s = phi i32 [0, %entry], [%s.next, %loop]
  %t = trunc i64 %i to i32
  %s.next = add i32 %s, %t
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 100
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}

define void @copy_alias(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %q, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

declare i32 @llvm.smax.i32(i32, i32)
