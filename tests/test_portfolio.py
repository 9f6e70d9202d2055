"""The solver portfolio (vecverify/portfolio.py): Bitwuzla and cvc5 decide a query's
SMT-LIB 2 text in processes of their own; unsat is a proof, a sat model is confirmed by
Z3 (and then replayed by the check like any counterexample)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import z3

from vecverify.portfolio import SolverGaveUp, decide

pytest.importorskip("bitwuzla")
pytest.importorskip("cvc5")


def _solver(*facts: z3.BoolRef) -> z3.Solver:
    s = z3.Solver()
    s.add(*facts)
    return s


@pytest.mark.parametrize("name", ["bitwuzla", "cvc5"])
def test_other_solver_proves_and_finds_a_confirmed_model(name: str) -> None:
    x = z3.BitVec("x", 8)
    m = z3.Array("m", z3.BitVecSort(8), z3.BitVecSort(8))
    proved = decide(_solver(x * 2 == 1), time.monotonic() + 20, name)  # even = odd: unsat
    assert (proved.result, proved.solver, proved.model) == ("unsat", name, None)
    found = decide(_solver(x * x == 9, z3.Select(m, x) == 1, z3.ULT(x, 100)), time.monotonic() + 20, name)
    assert (found.result, found.solver) == ("sat", name)
    assert found.model is not None
    v = found.model.eval(x).as_long()  # Z3's model, pinned to the other solver's values
    assert v * v % 256 == 9 and v < 100 and found.model.eval(z3.Select(m, x)).as_long() == 1


def test_a_query_the_other_solver_cannot_read_stays_z3s() -> None:
    f = z3.FP("f", z3.Float32())
    bits = z3.fpToIEEEBV(f)  # Z3's fp.to_ieee_bv: not SMT-LIB, Bitwuzla does not read it
    answer = decide(_solver(bits == 0x3F800000, f != z3.FPVal(1.0, z3.Float32())), time.monotonic() + 20,
                    "bitwuzla")
    assert (answer.result, answer.solver) == ("unsat", "z3")


def test_portfolio_gives_up_at_the_deadline() -> None:
    with pytest.raises(SolverGaveUp):
        decide(_solver(z3.BoolVal(True)), time.monotonic() - 1, "portfolio")


def test_check_reports_the_solver_per_query(tmp_path, capsys) -> None:  # noqa: ANN001
    from vecverify.app.cli import main

    f = tmp_path / "t.srctgt.ll"
    f.write_text("define i8 @src(i8 %x) {\n  %a = add i8 %x, %x\n  ret i8 %a\n}\n"
                 "define i8 @tgt(i8 %x) {\n  %a = shl i8 %x, 1\n  ret i8 %a\n}\n")
    assert main(["check", str(f), "--json", "--solver", "cvc5"]) == 0
    record = json.loads(capsys.readouterr().out)
    record = record[0] if isinstance(record, list) else record
    record = record.get("results", [record])[0] if "results" in record else record
    assert record["status"] == "correct"
    assert record["query_times"] and all(q["solver"] in ("cvc5", "z3", "simplifier", "") for q in record["query_times"])
    assert sum(record["solvers"].values()) >= 1


def test_a_cpu_time_limit_stops_z3() -> None:
    """CheckOptions.cpu_time: the limit counts this process's CPU time (a loaded machine
    slows the query without using its limit up); Z3 is interrupted when it is spent."""
    from vecverify.portfolio import Clock

    x, y = z3.BitVecs("x y", 64)
    hard = _solver(x * y == 0xC2D0D5B1A7F19E3B, z3.UGT(x, 1), z3.UGT(y, 1), z3.ULT(x, 1 << 32), z3.ULT(y, 1 << 32))
    clock = Clock(cpu=True)
    before = time.process_time()
    with pytest.raises(SolverGaveUp, match="timeout"):
        decide(hard, clock.now() + 0.3, "z3", clock)
    assert time.process_time() - before < 3.0
    easy = decide(_solver(x * 2 == 1), clock.now() + 20, "z3", clock)
    assert easy.result == "unsat"


@pytest.mark.parametrize("mode", ["z3", "portfolio", "bitwuzla"])
def test_pending_assertions_are_decided_with_the_solvers(mode: str) -> None:
    """decide(pending=...): assertions added once the solver's limit is set are part of
    the query, whichever solvers decide it."""
    x = z3.BitVec("x", 8)
    assert decide(z3.Solver(), time.monotonic() + 20, mode, pending=(x * 2 == 1,)).result == "unsat"
    found = decide(_solver(z3.ULT(x, 100)), time.monotonic() + 20, mode, pending=(x * x == 9,))
    assert found.result == "sat" and found.model is not None
    assert found.model.eval(x).as_long() == 3


def test_the_cpu_time_watch_works_in_a_forked_child() -> None:
    """One watcher thread per process: a child forked after the parent used it (a
    process pool's worker) starts its own, and its limit still stops Z3."""
    import os

    from vecverify import portfolio

    x, y = z3.BitVecs("x y", 64)
    clock = portfolio.Clock(cpu=True)
    assert decide(_solver(x * 2 == 1), clock.now() + 20, "z3", clock).result == "unsat"  # the parent's watcher
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            hard = _solver(x * y == 0xC2D0D5B1A7F19E3B, z3.UGT(x, 1), z3.UGT(y, 1), z3.ULT(x, 1 << 32),
                           z3.ULT(y, 1 << 32))
            portfolio.CPU_WALL_FACTOR = 100.0  # the wall-time cap far away (30 s)
            before = time.process_time()
            try:
                decide(hard, clock.now() + 0.3, "z3", clock)
            except SolverGaveUp:  # by the watcher, not at the wall-time cap
                code = 0 if time.process_time() - before < 2.0 else 2
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


_ALIVE2_LOOPS = Path(__file__).resolve().parents[1].parent / "shared" / "conformance" / "alive2" / "loops"


@pytest.mark.parametrize(("name", "want"), [("ctlz", 0), ("ctlz-fail", 1)])
def test_a_quantified_query_goes_whole_to_the_other_solvers_first(name: str, want: int, capsys) -> None:  # noqa: ANN001
    """Alive2's loops/ctlz unrolled 32 times: Z3 does not decide its quantified queries
    (the argument may be undef) in 30 s, Bitwuzla in a fraction of a second: the
    portfolio hands such a query to the others whole before its own search. The wrong
    variant's counterexample is Z3-confirmed, then replayed natively, which now follows
    the source's loop as far as the check did (it needs 23 iterations)."""
    from vecverify.app.cli import main

    path = _ALIVE2_LOOPS / f"{name}.srctgt.ll"
    if not path.exists():
        pytest.skip(f"missing {path} (Alive2's suite beside the repository)")
    code = main(["check", str(path), "--unroll", "32", "--solver", "portfolio", "--timeout-ms", "20000"])
    out = capsys.readouterr().out
    assert code == want, out
    if want:
        assert "Value mismatch" in out and "the hardware shows the difference" in out
    else:
        assert "Transformation seems to be correct!" in out


def test_concrete_evaluation_says_when_a_run_is_longer_than_it_followed() -> None:
    from vecverify.llvm import parse_module
    from vecverify.semantics.concrete import evaluate

    fn = parse_module("""
define i32 @f(i32 %x) {
entry:
  br label %loop
loop:
  %v = phi i32 [ %x, %entry ], [ %s, %loop ]
  %bit = and i32 %v, 8388608
  %zero = icmp eq i32 %bit, 0
  %s = shl i32 %v, 1
  br i1 %zero, label %loop, label %done
done:
  ret i32 %v
}
""", "t").functions["f"]
    short = evaluate(fn, [1])  # 23 iterations, followed for 8
    assert short.cut is True
    with pytest.raises(Exception, match="more often than it was evaluated"):
        short.allows([0x800000])
    full = evaluate(fn, [1], unroll=32)
    assert full.cut is False and full.lanes[0].value == 0x800000 and full.allows([0x800000])
