; The tail1 obligation (foldwitness.py) of a tail-folded gather map, y[i] = x[idx[i] & 7],
; VF 4, with the bug the paired shifted tail had: its gather masked with the tail mask, so
; a lane re-covering an iteration of the last full vector gathers poison and stores it
; again over the value that vector stored. Found by the witness and natively (issue 12);
; the tail gathers every lane now (the full vector gathered from the same addresses).
; ERROR: Mismatch in memory
declare void @llvm.assume(i1)
declare <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr>, <4 x i1>, <4 x i32>)

define {} @src(ptr noalias %y, ptr noalias %x, ptr noalias %idx, i64 %n, i64 noundef %bound.fr, i64 noundef %index) {
entry:
  %0 = urem i64 %index, 4
  %1 = icmp eq i64 %0, 0
  %trip.count.minus.1 = add i64 %bound.fr, -1
  %n.mod.vf = urem i64 %trip.count.minus.1, 4
  %n.vec = sub i64 %trip.count.minus.1, %n.mod.vf
  %2 = icmp ult i64 %index, %n.vec
  %3 = and i1 %1, %2
  %4 = add i64 %index, 4
  %5 = icmp eq i64 %4, %n.vec
  %6 = and i1 %3, %5
  call void @llvm.assume(i1 %6)
  %pi.0 = getelementptr inbounds nuw i32, ptr %idx, i64 %index
  %k.0 = load i32, ptr %pi.0, align 4
  %k7.0 = and i32 %k.0, 7
  %k64.0 = zext nneg i32 %k7.0 to i64
  %px.0 = getelementptr inbounds i32, ptr %x, i64 %k64.0
  %v.0 = load i32, ptr %px.0, align 4
  %py.0 = getelementptr inbounds nuw i32, ptr %y, i64 %index
  store i32 %v.0, ptr %py.0, align 4
  %i.next.0 = add nuw nsw i64 %index, 1
  %done.0 = icmp eq i64 %i.next.0, %bound.fr
  %7 = xor i1 %done.0, true
  %pi.1 = getelementptr inbounds nuw i32, ptr %idx, i64 %i.next.0
  %k.1 = load i32, ptr %pi.1, align 4
  %k7.1 = and i32 %k.1, 7
  %k64.1 = zext nneg i32 %k7.1 to i64
  %px.1 = getelementptr inbounds i32, ptr %x, i64 %k64.1
  %v.1 = load i32, ptr %px.1, align 4
  %py.1 = getelementptr inbounds nuw i32, ptr %y, i64 %i.next.0
  store i32 %v.1, ptr %py.1, align 4
  %i.next.1 = add nuw nsw i64 %i.next.0, 1
  %done.1 = icmp eq i64 %i.next.1, %bound.fr
  %8 = xor i1 %done.1, true
  %pi.2 = getelementptr inbounds nuw i32, ptr %idx, i64 %i.next.1
  %k.2 = load i32, ptr %pi.2, align 4
  %k7.2 = and i32 %k.2, 7
  %k64.2 = zext nneg i32 %k7.2 to i64
  %px.2 = getelementptr inbounds i32, ptr %x, i64 %k64.2
  %v.2 = load i32, ptr %px.2, align 4
  %py.2 = getelementptr inbounds nuw i32, ptr %y, i64 %i.next.1
  store i32 %v.2, ptr %py.2, align 4
  %i.next.2 = add nuw nsw i64 %i.next.1, 1
  %done.2 = icmp eq i64 %i.next.2, %bound.fr
  %9 = xor i1 %done.2, true
  %pi.3 = getelementptr inbounds nuw i32, ptr %idx, i64 %i.next.2
  %k.3 = load i32, ptr %pi.3, align 4
  %k7.3 = and i32 %k.3, 7
  %k64.3 = zext nneg i32 %k7.3 to i64
  %px.3 = getelementptr inbounds i32, ptr %x, i64 %k64.3
  %v.3 = load i32, ptr %px.3, align 4
  %py.3 = getelementptr inbounds nuw i32, ptr %y, i64 %i.next.2
  store i32 %v.3, ptr %py.3, align 4
  %i.next.3 = add nuw nsw i64 %i.next.2, 1
  %done.3 = icmp eq i64 %i.next.3, %bound.fr
  %10 = xor i1 %done.3, true
  %pi.4 = getelementptr inbounds nuw i32, ptr %idx, i64 %i.next.3
  %k.4 = load i32, ptr %pi.4, align 4
  %k7.4 = and i32 %k.4, 7
  %k64.4 = zext nneg i32 %k7.4 to i64
  %px.4 = getelementptr inbounds i32, ptr %x, i64 %k64.4
  %v.4 = load i32, ptr %px.4, align 4
  %py.4 = getelementptr inbounds nuw i32, ptr %y, i64 %i.next.3
  store i32 %v.4, ptr %py.4, align 4
  %i.next.4 = add nuw nsw i64 %i.next.3, 1
  %done.4 = icmp eq i64 %i.next.4, %bound.fr
  %11 = xor i1 %done.4, true
  %12 = xor i1 %11, true
  %13 = and i1 %7, %8
  %14 = and i1 %13, %9
  %15 = and i1 %14, %10
  %16 = and i1 %15, %12
  call void @llvm.assume(i1 %16)
  ret {} poison
}

define {} @tgt(ptr noalias %y, ptr noalias %x, ptr noalias %idx, i64 %n, i64 noundef %bound.fr, i64 noundef %index) {
entry:
  %tail.start = add i64 %index, 1
  %pi = getelementptr inbounds nuw i32, ptr %idx, i64 %index
  %wide.load = load <4 x i32>, ptr %pi, align 4
  %pi.1 = getelementptr inbounds nuw i32, ptr %idx, i64 %tail.start
  %wide.load.1 = load <4 x i32>, ptr %pi.1, align 4
  %0 = and <4 x i32> %wide.load, <i32 7, i32 7, i32 7, i32 7>
  %1 = zext nneg <4 x i32> %0 to <4 x i64>
  %indirect.ptrs = getelementptr inbounds i32, ptr %x, <4 x i64> %1
  %wide.gather = call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> align 4 %indirect.ptrs, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x i32> poison)
  %2 = and <4 x i32> %wide.load.1, <i32 7, i32 7, i32 7, i32 7>
  %3 = zext nneg <4 x i32> %2 to <4 x i64>
  %indirect.ptrs.1 = getelementptr inbounds i32, ptr %x, <4 x i64> %3
  %wide.gather.1 = call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> align 4 %indirect.ptrs.1, <4 x i1> <i1 false, i1 false, i1 false, i1 true>, <4 x i32> poison)
  %py = getelementptr inbounds nuw i32, ptr %y, i64 %index
  store <4 x i32> %wide.gather, ptr %py, align 4
  %py.1 = getelementptr inbounds nuw i32, ptr %y, i64 %tail.start
  store <4 x i32> %wide.gather.1, ptr %py.1, align 4
  ret {} poison
}
