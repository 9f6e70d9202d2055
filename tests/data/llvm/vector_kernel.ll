; A small SLP-style pair: four scalar adds and their vector form.
define void @src(ptr noalias %a, ptr noalias %b) {
entry:
  %a1 = getelementptr inbounds i32, ptr %a, i64 1
  %a2 = getelementptr inbounds i32, ptr %a, i64 2
  %a3 = getelementptr inbounds i32, ptr %a, i64 3
  %x0 = load i32, ptr %a, align 4
  %x1 = load i32, ptr %a1, align 4
  %x2 = load i32, ptr %a2, align 4
  %x3 = load i32, ptr %a3, align 4
  %y0 = add nsw i32 %x0, 1
  %y1 = add nsw i32 %x1, 2
  %y2 = add nsw i32 %x2, 3
  %y3 = add nsw i32 %x3, 4
  %b1 = getelementptr inbounds i32, ptr %b, i64 1
  %b2 = getelementptr inbounds i32, ptr %b, i64 2
  %b3 = getelementptr inbounds i32, ptr %b, i64 3
  store i32 %y0, ptr %b, align 4
  store i32 %y1, ptr %b1, align 4
  store i32 %y2, ptr %b2, align 4
  store i32 %y3, ptr %b3, align 4
  ret void
}

define void @tgt(ptr noalias %a, ptr noalias %b) {
entry:
  %v = load <4 x i32>, ptr %a, align 4
  %w = add nsw <4 x i32> %v, <i32 1, i32 2, i32 3, i32 4>
  store <4 x i32> %w, ptr %b, align 4
  ret void
}
