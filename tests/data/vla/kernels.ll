; Loop kernels for vecverify vectorize --vla (./dev bench scalable --vla): a map (saxpy),
; reductions (add, smax, fadd reassoc, maxnum nnan nsz), a first-order recurrence, a gather
; and a scatter through 32-bit indices, interleave groups of factor 2 (loads and stores:
; --tail epilogue only). Written for this project.

define void @saxpy(ptr noalias %x, ptr noalias %y, i32 %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %px = getelementptr inbounds i32, ptr %x, i64 %i
  %vx = load i32, ptr %px, align 4
  %py = getelementptr inbounds i32, ptr %y, i64 %i
  %vy = load i32, ptr %py, align 4
  %m = mul i32 %vx, %a
  %s = add i32 %m, %vy
  store i32 %s, ptr %py, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
define i32 @sum(ptr noalias %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 5, %entry ], [ %s.next, %loop ]
  %px = getelementptr inbounds i32, ptr %x, i64 %i
  %vx = load i32, ptr %px, align 4
  %s.next = add i32 %s, %vx
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}
define i32 @mx(ptr noalias %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ -7, %entry ], [ %s.next, %loop ]
  %px = getelementptr inbounds i32, ptr %x, i64 %i
  %vx = load i32, ptr %px, align 4
  %s.next = call i32 @llvm.smax.i32(i32 %s, i32 %vx)
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s.next
}
define float @fs(ptr noalias %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 1.0, %entry ], [ %s.next, %loop ]
  %px = getelementptr inbounds float, ptr %x, i64 %i
  %vx = load float, ptr %px, align 4
  %s.next = fadd reassoc float %s, %vx
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret float %s.next
}
define float @fm(ptr noalias %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 1.0, %entry ], [ %s.next, %loop ]
  %px = getelementptr inbounds float, ptr %x, i64 %i
  %vx = load float, ptr %px, align 4
  %s.next = call nnan nsz float @llvm.maxnum.f32(float %s, float %vx)
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret float %s.next
}
define void @rec(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi i32 [ 0, %entry ], [ %v, %loop ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %pa, align 4
  %d = sub i32 %v, %p
  %pb = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %d, ptr %pb, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
define void @gat(ptr noalias %x, ptr noalias %idx, ptr noalias %y, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi, align 4
  %k64 = sext i32 %k to i64
  %px = getelementptr inbounds i32, ptr %x, i64 %k64
  %v = load i32, ptr %px, align 4
  %py = getelementptr inbounds i32, ptr %y, i64 %i
  store i32 %v, ptr %py, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
define void @sca(ptr noalias %x, ptr noalias %idx, ptr noalias %y, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi, align 4
  %k64 = sext i32 %k to i64
  %px = getelementptr inbounds i32, ptr %x, i64 %i
  %v = load i32, ptr %px, align 4
  %py = getelementptr inbounds i32, ptr %y, i64 %k64
  store i32 %v, ptr %py, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define void @pairs(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %j = mul nuw nsw i64 %i, 2
  %p0 = getelementptr inbounds i32, ptr %a, i64 %j
  %x = load i32, ptr %p0, align 4
  %j1 = add nuw nsw i64 %j, 1
  %p1 = getelementptr inbounds i32, ptr %a, i64 %j1
  %y = load i32, ptr %p1, align 4
  %s = add i32 %x, %y
  %d = sub i32 %x, %y
  %q0 = getelementptr inbounds i32, ptr %b, i64 %j
  store i32 %s, ptr %q0, align 4
  %q1 = getelementptr inbounds i32, ptr %b, i64 %j1
  store i32 %d, ptr %q1, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

declare i32 @llvm.smax.i32(i32, i32)
declare float @llvm.maxnum.f32(float, float)
