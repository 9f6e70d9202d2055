; corpus/loop/c/diff_i32.c (b[i] = a[i] - a[i-1], from i = 1) compiled by clang-22 -O1
; (scalar), then vectorized by vecverify's loop vectorizer (this project; same licence):
; VF 8 x UF 2, a vectorized epilogue of VF 4, and the scalar remainder.
; The bounded check (4 iterations per loop): Z3 did not decide its memory query in a
; minute, and timed out in every `vectorize --verify` second opinion; decided case by
; case on the trip count (vecverify/loops/bounded.py: trip_cases) in ~0.1 s per case.
; `check` (--loops prove) now proves it for every trip count by an inferred witness
; (vecverify/loops: the epilogue bypassed, its skipped loop handing `1 + 0` where the
; first check hands `1`: the `bypass start` obligation); the bounded check (--loops
; bounded, tests/test_loop_verdicts.py) is what this file keeps exercising.
define void @src(i32 noundef %0, ptr noalias noundef writeonly captures(none) %1, ptr noalias noundef readonly captures(none) %2) {
  %4 = icmp sgt i32 %0, 1
  br i1 %4, label %5, label %7

5:
  %6 = zext nneg i32 %0 to i64
  br label %8

7:
  ret void

8:
  %9 = phi i64 [ 1, %5 ], [ %16, %8 ]
  %10 = getelementptr inbounds nuw i32, ptr %2, i64 %9
  %11 = load i32, ptr %10, align 4
  %12 = getelementptr i8, ptr %10, i64 -4
  %13 = load i32, ptr %12, align 4
  %14 = sub nsw i32 %11, %13
  %15 = getelementptr inbounds nuw i32, ptr %1, i64 %9
  store i32 %14, ptr %15, align 4
  %16 = add nuw nsw i64 %9, 1
  %17 = icmp eq i64 %16, %6
  br i1 %17, label %7, label %8
}

define void @tgt(i32 noundef %0, ptr noalias noundef writeonly captures(none) %1, ptr noalias noundef readonly captures(none) %2) {
  %4 = icmp sgt i32 %0, 1
  br i1 %4, label %5, label %7

5:
  %6 = zext nneg i32 %0 to i64
  br label %iter.check

7:
  ret void

iter.check:
  %tc = sub i64 %6, 1
  %min.epilog.iters.check = icmp ult i64 %tc, 4
  br i1 %min.epilog.iters.check, label %vec.epilog.scalar.ph, label %vector.main.loop.iter.check

vector.main.loop.iter.check:
  %min.iters.check = icmp ult i64 %tc, 16
  br i1 %min.iters.check, label %vec.epilog.ph, label %vector.ph

vector.ph:
  %n.mod.vf = urem i64 %tc, 16
  %n.vec = sub i64 %tc, %n.mod.vf
  %ind.end = add i64 1, %n.vec
  br label %vector.body

vector.body:
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %offset.idx = add i64 1, %index
  %8 = getelementptr inbounds nuw i32, ptr %2, i64 %offset.idx
  %wide.load = load <8 x i32>, ptr %8, align 4
  %offset.idx.1 = add i64 1, %index
  %part1.idx = add i64 %offset.idx.1, 8
  %9 = getelementptr inbounds nuw i32, ptr %2, i64 %part1.idx
  %wide.load.1 = load <8 x i32>, ptr %9, align 4
  %10 = getelementptr i8, ptr %8, i64 -4
  %wide.load.2 = load <8 x i32>, ptr %10, align 4
  %11 = getelementptr i8, ptr %9, i64 -4
  %wide.load.3 = load <8 x i32>, ptr %11, align 4
  %12 = sub nsw <8 x i32> %wide.load, %wide.load.2
  %13 = getelementptr inbounds nuw i32, ptr %1, i64 %offset.idx
  store <8 x i32> %12, ptr %13, align 4
  %14 = sub nsw <8 x i32> %wide.load.1, %wide.load.3
  %15 = getelementptr inbounds nuw i32, ptr %1, i64 %part1.idx
  store <8 x i32> %14, ptr %15, align 4
  %index.next = add nuw i64 %index, 16
  %16 = icmp eq i64 %index.next, %n.vec
  br i1 %16, label %middle.block, label %vector.body

middle.block:
  %cmp.n = icmp eq i64 %tc, %n.vec
  br i1 %cmp.n, label %7, label %vec.epilog.iter.check

vec.epilog.iter.check:
  %n.vec.remaining = sub i64 %tc, %n.vec
  %min.epilog.iters.check.1 = icmp ult i64 %n.vec.remaining, 4
  br i1 %min.epilog.iters.check.1, label %vec.epilog.scalar.ph, label %vec.epilog.ph

vec.epilog.ph:
  %vec.epilog.resume.val = phi i64 [ %n.vec, %vec.epilog.iter.check ], [ 0, %vector.main.loop.iter.check ]
  %n.mod.vf.1 = urem i64 %tc, 4
  %n.vec.1 = sub i64 %tc, %n.mod.vf.1
  %ind.end.1 = add i64 1, %n.vec.1
  br label %vec.epilog.vector.body

vec.epilog.vector.body:
  %index.1 = phi i64 [ %vec.epilog.resume.val, %vec.epilog.ph ], [ %index.next.1, %vec.epilog.vector.body ]
  %offset.idx.2 = add i64 1, %index.1
  %17 = getelementptr inbounds nuw i32, ptr %2, i64 %offset.idx.2
  %wide.load.4 = load <4 x i32>, ptr %17, align 4
  %18 = getelementptr i8, ptr %17, i64 -4
  %wide.load.5 = load <4 x i32>, ptr %18, align 4
  %19 = sub nsw <4 x i32> %wide.load.4, %wide.load.5
  %20 = getelementptr inbounds nuw i32, ptr %1, i64 %offset.idx.2
  store <4 x i32> %19, ptr %20, align 4
  %index.next.1 = add nuw i64 %index.1, 4
  %21 = icmp eq i64 %index.next.1, %n.vec.1
  br i1 %21, label %vec.epilog.middle.block, label %vec.epilog.vector.body

vec.epilog.middle.block:
  %cmp.n.1 = icmp eq i64 %tc, %n.vec.1
  br i1 %cmp.n.1, label %7, label %vec.epilog.scalar.ph

vec.epilog.scalar.ph:
  %bc.resume.val = phi i64 [ %ind.end, %vec.epilog.iter.check ], [ 1, %iter.check ], [ %ind.end.1, %vec.epilog.middle.block ]
  br label %22

22:
  %23 = phi i64 [ %bc.resume.val, %vec.epilog.scalar.ph ], [ %30, %22 ]
  %24 = getelementptr inbounds nuw i32, ptr %2, i64 %23
  %25 = load i32, ptr %24, align 4
  %26 = getelementptr i8, ptr %24, i64 -4
  %27 = load i32, ptr %26, align 4
  %28 = sub nsw i32 %25, %27
  %29 = getelementptr inbounds nuw i32, ptr %1, i64 %23
  store i32 %28, ptr %29, align 4
  %30 = add nuw nsw i64 %23, 1
  %31 = icmp eq i64 %30, %6
  br i1 %31, label %7, label %22
}
