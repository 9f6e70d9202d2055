; The step obligation of diff-f64-vf4-step.srctgt.ll with a wrong vector loop: the
; recurrence's next value is taken from lane 2 of the wide load instead of lane 3 (the
; last element of this iteration), so the next iteration's first b[i] would subtract the
; wrong a[]. Must stay refuted however the queries are relaxed (issue 14).
; ERROR: Target is more poisonous than source
declare void @llvm.assume(i1)

define { i64, double, i1, i1 } @src(i32 noundef %0, ptr noalias noundef writeonly %1, ptr noalias noundef readonly %2, i64 noundef %index, i64 noundef %n.vec, <4 x double> %v.11) {
entry:
  %3 = zext nneg i32 %0 to i64
  %tc = sub i64 %3, 1
  %4 = sub i64 %n.vec, %index
  %5 = urem i64 %4, 4
  %6 = icmp eq i64 %5, 0
  %7 = icmp ult i64 %index, %n.vec
  %8 = icmp ule i64 %n.vec, %tc
  call void @llvm.assume(i1 %6)
  call void @llvm.assume(i1 %7)
  call void @llvm.assume(i1 %8)
  %iv = add i64 1, %index
  %rec = extractelement <4 x double> %v.11, i32 3
  %"12.0" = getelementptr inbounds nuw double, ptr %2, i64 %iv
  %"13.0" = load double, ptr %"12.0", align 8
  %"14.0" = fsub double %"13.0", %rec
  %"15.0" = getelementptr inbounds nuw double, ptr %1, i64 %iv
  store double %"14.0", ptr %"15.0", align 8
  %"16.0" = add nuw nsw i64 %iv, 1
  %"17.0" = icmp eq i64 %"16.0", %3
  %"12.1" = getelementptr inbounds nuw double, ptr %2, i64 %"16.0"
  %"13.1" = load double, ptr %"12.1", align 8
  %"14.1" = fsub double %"13.1", %"13.0"
  %"15.1" = getelementptr inbounds nuw double, ptr %1, i64 %"16.0"
  store double %"14.1", ptr %"15.1", align 8
  %"16.1" = add nuw nsw i64 %"16.0", 1
  %"17.1" = icmp eq i64 %"16.1", %3
  %"12.2" = getelementptr inbounds nuw double, ptr %2, i64 %"16.1"
  %"13.2" = load double, ptr %"12.2", align 8
  %"14.2" = fsub double %"13.2", %"13.1"
  %"15.2" = getelementptr inbounds nuw double, ptr %1, i64 %"16.1"
  store double %"14.2", ptr %"15.2", align 8
  %"16.2" = add nuw nsw i64 %"16.1", 1
  %"17.2" = icmp eq i64 %"16.2", %3
  %"12.3" = getelementptr inbounds nuw double, ptr %2, i64 %"16.2"
  %"13.3" = load double, ptr %"12.3", align 8
  %"14.3" = fsub double %"13.3", %"13.2"
  %"15.3" = getelementptr inbounds nuw double, ptr %1, i64 %"16.2"
  store double %"14.3", ptr %"15.3", align 8
  %"16.3" = add nuw nsw i64 %"16.2", 1
  %"17.3" = icmp eq i64 %"16.3", %3
  %9 = or i1 %"17.0", %"17.1"
  %10 = or i1 %9, %"17.2"
  %11 = insertvalue { i64, double, i1, i1 } poison, i64 %"16.3", 0
  %12 = insertvalue { i64, double, i1, i1 } %11, double %"13.3", 1
  %13 = insertvalue { i64, double, i1, i1 } %12, i1 %10, 2
  %out3 = insertvalue { i64, double, i1, i1 } %13, i1 true, 3
  ret { i64, double, i1, i1 } %out3
}

define { i64, double, i1, i1 } @tgt(i32 noundef %0, ptr noalias noundef writeonly %1, ptr noalias noundef readonly %2, i64 noundef %index, i64 noundef %n.vec, <4 x double> %v.11) {
entry:
  %offset.idx = add i64 1, %index
  %3 = getelementptr inbounds nuw double, ptr %2, i64 %offset.idx
  %wide.load = load <4 x double>, ptr %3, align 8
  %4 = shufflevector <4 x double> %v.11, <4 x double> %wide.load, <4 x i32> <i32 3, i32 4, i32 5, i32 6>
  %5 = fsub <4 x double> %wide.load, %4
  %6 = getelementptr inbounds nuw double, ptr %1, i64 %offset.idx
  store <4 x double> %5, ptr %6, align 8
  %index.next = add nuw i64 %index, 4
  %7 = icmp eq i64 %index.next, %n.vec
  %iv = add i64 1, %index.next
  %rec = extractelement <4 x double> %wide.load, i32 2
  %8 = sub i64 %n.vec, %index.next
  %9 = urem i64 %8, 4
  %10 = icmp eq i64 %9, 0
  %11 = icmp ult i64 %index.next, %n.vec
  %12 = icmp ule i64 %n.vec, %n.vec
  %13 = and i1 %10, %11
  %14 = or i1 %7, %13
  %15 = insertvalue { i64, double, i1, i1 } poison, i64 %iv, 0
  %16 = insertvalue { i64, double, i1, i1 } %15, double %rec, 1
  %17 = insertvalue { i64, double, i1, i1 } %16, i1 false, 2
  %out3 = insertvalue { i64, double, i1, i1 } %17, i1 %14, 3
  ret { i64, double, i1, i1 } %out3
}
