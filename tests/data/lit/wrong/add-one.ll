; FileCheck passes on what the fake opt of tests/test_lit.py writes (add 2 instead of add 1):
; only vecverify-opt's check fails it.
; RUN: opt -passes=instcombine -S %s | FileCheck %s

define i8 @add_one(i8 %x) {
; CHECK-LABEL: @add_one(
; CHECK:         add i8
; CHECK:         ret i8
  %r = add i8 %x, 1
  ret i8 %r
}
