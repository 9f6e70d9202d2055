"""Loop verdicts say what they covered (vecverify/loops/bounded.py): every execution,
executions up to the bound, or nothing (vacuous: the bound raised, or a failure)."""

from __future__ import annotations

import pytest

from vecverify.checker import check_pair
from vecverify.llvm import parse_module
from vecverify.loops import bounded
from vecverify.refine import CheckOptions

MAP = """
define void @src(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %p = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %w = add i32 %v, 1
  store i32 %w, ptr %p
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, TRIP
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
define void @tgt(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %p = getelementptr i32, ptr %a, i64 %i
  %v = load <2 x i32>, ptr %p, align 4
  %w = add <2 x i32> %v, splat (i32 ADD)
  store <2 x i32> %w, ptr %p, align 4
  %i.next = add i64 %i, 2
  %c = icmp eq i64 %i.next, TRIP
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
"""


def _check(trip: str, add: int = 1, **kw: object) -> object:
    m = parse_module(MAP.replace("TRIP", trip).replace("ADD", str(add)), "t.ll")
    return check_pair(m.functions["src"], m.functions["tgt"], CheckOptions(loops="bounded", **kw))  # type: ignore[arg-type]


def test_constant_trip_count_raises_the_bound_and_covers_every_execution() -> None:
    v = _check("12")
    assert v.status == "correct" and v.loops == "complete" and v.unroll == 16  # type: ignore[attr-defined]
    assert "proved for every trip count" in v.coverage and "raised from 4" in v.coverage  # type: ignore[attr-defined]


def test_a_wrong_constant_trip_loop_is_refuted_at_the_raised_bound() -> None:
    v = _check("12", add=2)
    assert v.status == "incorrect" and v.unroll == 16  # type: ignore[attr-defined]


def test_a_trip_count_beyond_the_automatic_bound_is_vacuous_not_correct(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bounded, "MAX_AUTO_UNROLL", 16)  # 256 in use; smaller here for time
    v = _check("40")
    assert v.status == "failed" and v.loops == "vacuous" and "16" in v.detail  # type: ignore[attr-defined]


def test_a_variable_trip_count_is_bounded_and_an_overrun_refuted() -> None:
    m = parse_module(MAP.split("define void @tgt")[0].replace("TRIP", "%n") * 1, "t.ll")
    src = m.functions["src"]
    v = check_pair(src, src, CheckOptions(loops="bounded", unroll=3))
    assert v.status == "correct" and v.loops == "bounded" and "at most 3 times" in v.coverage
    # the 2-lane body overruns an odd trip count
    assert _check("%n", unroll=3).status == "incorrect"  # type: ignore[attr-defined]
