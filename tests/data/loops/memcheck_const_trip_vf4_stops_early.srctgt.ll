; memcheck_const_trip_vf4 with the vector loop leaving after 12 elements, straight to the
; exit: the last four are never computed. No witness holds (the `last` obligation fails);
; the check at the constant trip count finds the difference (not run natively: the
; alias check's ptrtoint reads block addresses). Derived
; from LLVM's test: see README.md beside this file.

define void @src(ptr noalias %a, ptr %b, ptr %c) {
  br label %1

; <label>:1                                       ; preds = %1, %0
  %indvars.iv = phi i64 [ 0, %0 ], [ %indvars.iv.next, %1 ]
  %2 = getelementptr inbounds i32, ptr %b, i64 %indvars.iv
  %3 = load i32, ptr %2
  %4 = getelementptr inbounds i32, ptr %c, i64 %indvars.iv
  %5 = load i32, ptr %4
  %6 = add nsw i32 %5, %3
  %7 = getelementptr inbounds i32, ptr %a, i64 %indvars.iv
  store i32 %6, ptr %7
  %indvars.iv.next = add i64 %indvars.iv, 1
  %lftr.wideiv = trunc i64 %indvars.iv.next to i32
  %exitcond = icmp eq i32 %lftr.wideiv, 16
  br i1 %exitcond, label %8, label %1

; <label>:8                                       ; preds = %1
  ret void
}

define void @tgt(ptr noalias %a, ptr %b, ptr %c) {
  %c3 = ptrtoint ptr %c to i64
  %b2 = ptrtoint ptr %b to i64
  %a1 = ptrtoint ptr %a to i64
  br label %vector.memcheck

vector.memcheck:                                  ; preds = %0
  %1 = sub i64 %a1, %b2
  %diff.check = icmp ult i64 %1, 16
  %2 = sub i64 %a1, %c3
  %diff.check4 = icmp ult i64 %2, 16
  %conflict.rdx = or i1 %diff.check, %diff.check4
  br i1 %conflict.rdx, label %scalar.ph, label %vector.ph

vector.ph:                                        ; preds = %vector.memcheck
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %3 = getelementptr inbounds i32, ptr %b, i64 %index
  %wide.load = load <4 x i32>, ptr %3, align 4
  %4 = getelementptr inbounds i32, ptr %c, i64 %index
  %wide.load5 = load <4 x i32>, ptr %4, align 4
  %5 = add nsw <4 x i32> %wide.load5, %wide.load
  %6 = getelementptr inbounds i32, ptr %a, i64 %index
  store <4 x i32> %5, ptr %6, align 4
  %index.next = add nuw i64 %index, 4
  %7 = icmp eq i64 %index.next, 12
  br i1 %7, label %middle.block, label %vector.body

middle.block:                                     ; preds = %vector.body
  br label %15

scalar.ph:                                        ; preds = %vector.memcheck
  br label %8

8:                                                ; preds = %scalar.ph, %8
  %indvars.iv = phi i64 [ 0, %scalar.ph ], [ %indvars.iv.next, %8 ]
  %9 = getelementptr inbounds i32, ptr %b, i64 %indvars.iv
  %10 = load i32, ptr %9, align 4
  %11 = getelementptr inbounds i32, ptr %c, i64 %indvars.iv
  %12 = load i32, ptr %11, align 4
  %13 = add nsw i32 %12, %10
  %14 = getelementptr inbounds i32, ptr %a, i64 %indvars.iv
  store i32 %13, ptr %14, align 4
  %indvars.iv.next = add i64 %indvars.iv, 1
  %lftr.wideiv = trunc i64 %indvars.iv.next to i32
  %exitcond = icmp eq i32 %lftr.wideiv, 16
  br i1 %exitcond, label %15, label %8

15:                                               ; preds = %middle.block, %8
  ret void
}
