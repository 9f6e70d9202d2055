; LLVM 22 LoopVectorize on AArch64 with SVE (llvm/test/Transforms/LoopVectorize/AArch64/
; sve-low-trip-count.ll, trip7_i64): the loop tail-folded under llvm.get.active.lane.mask,
; VF vscale x 2; every execution fits 8 iterations, every vscale of vscale_range(1,16).
; TEST-ARGS: -src-unroll=8

define void @src(ptr noalias nocapture noundef %dst, ptr noalias nocapture noundef readonly %src) vscale_range(1,16) {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %gep.src = getelementptr inbounds i64, ptr %src, i64 %iv
  %0 = load i64, ptr %gep.src, align 8
  %mul = shl nsw i64 %0, 1
  %gep.dst = getelementptr inbounds i64, ptr %dst, i64 %iv
  %1 = load i64, ptr %gep.dst, align 8
  %add = add nsw i64 %1, %mul
  store i64 %add, ptr %gep.dst, align 8
  %iv.next = add nuw nsw i64 %iv, 1
  %ec = icmp eq i64 %iv.next, 7
  br i1 %ec, label %exit, label %loop

exit:
  ret void
}

define void @tgt(ptr noalias noundef captures(none) %dst, ptr noalias noundef readonly captures(none) %src) vscale_range(1,16) {
entry:
  br label %vector.ph

vector.ph:                                        ; preds = %entry
  %0 = call i64 @llvm.vscale.i64()
  %1 = shl nuw i64 %0, 1
  %active.lane.mask.entry = call <vscale x 2 x i1> @llvm.get.active.lane.mask.nxv2i1.i64(i64 0, i64 7)
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %active.lane.mask = phi <vscale x 2 x i1> [ %active.lane.mask.entry, %vector.ph ], [ %active.lane.mask.next, %vector.body ]
  %2 = getelementptr inbounds i64, ptr %src, i64 %index
  %wide.masked.load = call <vscale x 2 x i64> @llvm.masked.load.nxv2i64.p0(ptr align 8 %2, <vscale x 2 x i1> %active.lane.mask, <vscale x 2 x i64> poison)
  %3 = shl nsw <vscale x 2 x i64> %wide.masked.load, splat (i64 1)
  %4 = getelementptr inbounds i64, ptr %dst, i64 %index
  %wide.masked.load1 = call <vscale x 2 x i64> @llvm.masked.load.nxv2i64.p0(ptr align 8 %4, <vscale x 2 x i1> %active.lane.mask, <vscale x 2 x i64> poison)
  %5 = add nsw <vscale x 2 x i64> %wide.masked.load1, %3
  call void @llvm.masked.store.nxv2i64.p0(<vscale x 2 x i64> %5, ptr align 8 %4, <vscale x 2 x i1> %active.lane.mask)
  %index.next = add i64 %index, %1
  %active.lane.mask.next = call <vscale x 2 x i1> @llvm.get.active.lane.mask.nxv2i1.i64(i64 %index.next, i64 7)
  %6 = extractelement <vscale x 2 x i1> %active.lane.mask.next, i32 0
  %7 = xor i1 %6, true
  br i1 %7, label %middle.block, label %vector.body

middle.block:                                     ; preds = %vector.body
  br label %exit

exit:                                             ; preds = %middle.block
  ret void
}
