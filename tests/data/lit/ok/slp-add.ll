; Two adjacent adds become one <2 x i32> add (vecverify's own test, in LLVM's style).
; RUN: opt -passes=slp-vectorizer -mtriple=x86_64-unknown-linux-gnu -mcpu=corei7 -S %s | FileCheck %s

define void @add_pairs(ptr %a, ptr %b, ptr %c) {
; CHECK-LABEL: @add_pairs(
; CHECK:         add <2 x i32>
; CHECK:         store <2 x i32>
  %a0 = load i32, ptr %a, align 4
  %b0 = load i32, ptr %b, align 4
  %s0 = add i32 %a0, %b0
  %a1p = getelementptr inbounds i32, ptr %a, i64 1
  %b1p = getelementptr inbounds i32, ptr %b, i64 1
  %a1 = load i32, ptr %a1p, align 4
  %b1 = load i32, ptr %b1p, align 4
  %s1 = add i32 %a1, %b1
  store i32 %s0, ptr %c, align 4
  %c1p = getelementptr inbounds i32, ptr %c, i64 1
  store i32 %s1, ptr %c1p, align 4
  ret void
}
