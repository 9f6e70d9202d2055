; A multiplication by a power of two becomes a shift (vecverify's own test, in LLVM's style).
; RUN: opt -passes=instcombine -S %s | FileCheck %s
; RUN: opt -passes=instcombine -S < %s | FileCheck %s

define i32 @times_eight(i32 %x) {
; CHECK-LABEL: @times_eight(
; CHECK-NEXT:    [[R:%.*]] = shl i32 [[X:%.*]], 3
; CHECK-NEXT:    ret i32 [[R]]
  %r = mul i32 %x, 8
  ret i32 %r
}
