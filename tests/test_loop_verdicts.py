"""Loop verdicts say what they covered (vecverify/loops/bounded.py): every execution,
executions up to the bound, or nothing (vacuous: the bound raised, or a failure)."""

from __future__ import annotations

from pathlib import Path

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


def test_bounds_no_execution_fits_are_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """The source's loop takes its back edge 11 times in every execution (its code says
    so: loops/tripcount.py): the bound is raised to 16 without executing the source at 8
    or 16 first (the check at 16 is built once); one of 1600 iterations is vacuous without
    executing it at all (it used to be executed 8, 16, ... 256 times, past the time limit
    of the check); one where every execution has UB by its sixth iteration is vacuous at 16
    (no larger bound fits either)."""
    built: list[int] = []
    execute = bounded.execute

    def counting(fn, inputs, side, bound, *args, **kw):  # noqa: ANN001, ANN202
        built.append(bound)
        return execute(fn, inputs, side, bound, *args, **kw)

    monkeypatch.setattr(bounded, "execute", counting)
    v = _check("12")
    assert v.status == "correct" and v.loops == "complete" and v.unroll == 16  # type: ignore[attr-defined]
    assert built == []
    v = _check("1600")
    assert v.status == "failed" and v.loops == "vacuous"  # type: ignore[attr-defined]
    assert "takes the back edge 1599 times" in v.detail and built == []  # type: ignore[attr-defined]
    ub = MAP.split("define void @tgt")[0].replace("TRIP", "12").replace(
        "  %w = add i32 %v, 1\n", "  %z = sub i64 %i, 5\n  %q = udiv i64 1, %z\n  %w = add i32 %v, 1\n")
    src = parse_module(ub, "t.ll").functions["src"]
    v = check_pair(src, src, CheckOptions(loops="bounded"))
    assert v.status == "failed" and v.loops == "vacuous" and v.unroll == 16, v.detail
    assert "none is defined" in v.detail and built == []


LOOP = """
define i32 @f(i32 %x) {
entry:
  br label %loop
loop:
  %i = phi i64 [START, %entry], [%i.next, %latch]
  %s = phi i32 [0, %entry], [%s.next, %latch]
  br i1 BODY, label %a, label %latch
a:
  CALL
  br label %latch
latch:
  %s.next = add i32 %s, %x
  %i.next = add nsw i64 %i, STEP
  %t = trunc i64 %i.next to i32
  %c = icmp PRED i32 %t, 100
  br i1 %c, label %TRUE, label %FALSE
exit:
  ret i32 %s.next
other:
  ret i32 0
}
declare void @g()
"""


@pytest.mark.parametrize(("start", "step", "pred", "body", "call", "true", "false", "want"), [
    ("0", "1", "eq", "true", "", "exit", "loop", 99),  # the trunc of the next value reaches 100
    ("0", "1", "ne", "true", "", "loop", "exit", 99),
    ("200", "-1", "eq", "true", "", "exit", "loop", 99),
    ("0", "3", "eq", "true", "", "exit", "loop", 2863311563),  # 3 (k + 1) = 100 + 2 * 2**32: the trunc wraps
    ("0", "2", "eq", "true", "", "exit", "loop", None),  # even step: not read
    ("0", "1", "ne", "true", "", "exit", "loop", None),  # leaves while it differs
    ("0", "1", "eq", "true", "call void @g()", "exit", "loop", None),  # a call might not return
    ("0", "1", "eq", "other-exit", "", "exit", "loop", None),  # another way out of the loop
])
def test_back_edges_read_off_the_code(start: str, step: str, pred: str, body: str, call: str, true: str,
                                      false: str, want: int | None) -> None:
    from vecverify.loops.tripcount import back_edges_taken

    text = (LOOP.replace("START", start).replace("STEP", step).replace("PRED", pred).replace("CALL", call)
            .replace("TRUE", true).replace("FALSE", false))
    if body == "other-exit":
        text = text.replace("br i1 BODY, label %a, label %latch", "%o = trunc i32 %x to i1\n  br i1 %o, label %other, label %latch")
    else:
        text = text.replace("BODY", body)
    m = parse_module(text, "t.ll")
    assert back_edges_taken(m.functions["f"]) == want


def test_trip_cases_partition_every_execution_the_bound_checks() -> None:
    """The bounded check's trip-count cases (bounded.trip_cases) are exact: pairwise
    disjoint, and every input where the source fits the bound is in one of them; the
    last one decides the loop guard (``1 < n`` false below the cases' values)."""
    import z3

    from vecverify.refine import RefinementCheck

    path = Path(__file__).resolve().parent.parent / "corpus" / "loop" / "bounded" / "diff-i32-vf8-uf2-epilogue.srctgt.ll"
    m = parse_module(path.read_text(), path.name)
    rc = RefinementCheck(m.functions["src"], m.functions["tgt"], CheckOptions(loops="bounded"))
    # (a budget no loaded machine runs out of: this test is about exactness, and the
    # cases are made as soon as they are found)
    cases = [c.condition for c in bounded.trip_cases(rc, 300_000)]
    n = rc.inputs.args[0].values[0]
    assert len(cases) == bounded.MAX_TRIP_CASES + 1
    assert z3.Solver().check(cases[0] != (n == 6)) == z3.unsat  # the largest: n = 6, 5 iterations
    s = z3.Solver()
    s.add(rc.pre, rc.src_ok, z3.Not(z3.Or(cases)))
    assert s.check() == z3.unsat
    for i, a in enumerate(cases):
        for b in cases[i + 1:]:
            assert z3.Solver().check(a, b) == z3.unsat
    guard = z3.Solver()  # the rest implies the loop is not entered: not 1 < n
    guard.add(cases[-1], 1 < n)
    assert guard.check() == z3.unsat and any("1 < %0" in str(g) for g in cases[-1].children()[1:])
