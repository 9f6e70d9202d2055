"""The differential campaign's parts (bench/differential, docs/differential.md): the
mutator replays from its seed and gives valid IR, each operator edits what it says,
the reducer keeps what its predicate asks for and drops the rest, the campaign saves a
disagreement (a stand-in alive-tv that always disagrees), skips with a message without
alive-tv, and one real mutant goes through both tools when alive-tv is built."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from bench.bench_alivetv import find_alive_tv
from bench.bench_differential import main
from bench.differential.campaign import Campaign, Mutant, make_mutant, read_log, run_one
from bench.differential.irtext import functions, valid
from bench.differential.mutate import OPERATORS, mutate
from bench.differential.reduce import Pair, Reducer
from bench.differential.seeds import Seed, named
from bench.differential.tools import Limits
from vecverify.toolchain import ToolchainError, ensure_tool

try:
    OPT = ensure_tool("opt")
except ToolchainError:  # pragma: no cover - the suite's machines have opt-22
    OPT = None
needs_opt = pytest.mark.skipif(OPT is None, reason="opt-22 not installed")

# The seed: one function as @src and as @tgt (an identity pair).
FUNCTION = """define <4 x i32> @NAME(<4 x i32> %a, <4 x i32> %b, i32 %n, ptr noundef %p) nounwind {
entry:
  %s = add nsw <4 x i32> %a, %b
  %m = shufflevector <4 x i32> %s, <4 x i32> %a, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
  %c = icmp slt i32 %n, 10
  br i1 %c, label %then, label %done
then:
  %d = udiv exact i32 %n, 3
  %f = fadd nnan float 1.0, 2.0
  store i32 %d, ptr %p, align 4
  br label %done
done:
  ret <4 x i32> %m
}
"""
SOURCE = "\n" + "\n".join(FUNCTION.replace("@NAME(", f"@{name}(") for name in ("src", "tgt"))


@pytest.fixture(scope="module")
def seed() -> Seed:
    if OPT is None:
        pytest.skip("opt-22 not installed")
    text = named(OPT, SOURCE)
    assert text is not None
    return Seed("test", text, text, True)


def test_mutants_replay_from_their_seed_and_are_valid(seed: Seed) -> None:
    first = [make_mutant([seed], 7, i) for i in range(6)]
    again = [make_mutant([seed], 7, i) for i in range(6)]
    assert all(m is not None for m in first)
    assert [(m.operator, m.src) for m in first if m] == [(m.operator, m.src) for m in again if m]
    for m in first:
        assert m is not None and m.src != seed.src and valid(m.src)
        assert re.search(r"^define .*@src\(", m.src, re.M) and re.search(r"^define .*@tgt\(", m.src, re.M)
    other = [make_mutant([seed], 8, i) for i in range(6)]
    assert [m.src for m in other if m] != [m.src for m in first if m]


@pytest.mark.parametrize("name", sorted(OPERATORS))
def test_each_operator_makes_a_valid_edit_of_its_kind(seed: Seed, name: str) -> None:
    operator = OPERATORS[name][0]
    lines = seed.src.splitlines()
    span = functions(lines)["tgt"]
    for attempt in range(40):
        edited = operator(lines, span, random.Random(attempt))
        if edited is None or not valid("\n".join(edited) + "\n"):
            continue
        changed = [(a, b) for a, b in zip(lines, edited, strict=False) if a != b]
        assert changed or len(edited) != len(lines)
        assert all(a == b for a, b in zip(lines[:span.define], edited[:span.define], strict=False))  # @src kept
        return
    pytest.fail(f"{name}: no valid edit in 40 attempts")


@needs_opt
def test_reducer_keeps_what_the_predicate_needs() -> None:
    text = named(OPT, """
declare void @use(i32)
define i32 @src(i32 %x, i32 %y) {
  %a = add i32 %x, %y
  %b = mul i32 %a, 3
  call void @use(i32 %b)
  %c = udiv i32 %b, %y
  %d = xor i32 %c, 7
  ret i32 %d
}
define i32 @tgt(i32 %x, i32 %y) {
  %a = add i32 %x, %y
  %b = mul i32 %a, 3
  call void @use(i32 %b)
  %c = sdiv i32 %b, %y
  %d = xor i32 %c, 7
  ret i32 %d
}
""")
    assert text is not None
    calls: list[str] = []

    def interesting(pair: Pair) -> bool:  # a stand-in disagreement: the target divides signed
        calls.append(pair.tgt)
        return "sdiv" in pair.tgt

    reduced = Reducer(interesting, budget=200).run(Pair(text, text, True))
    body = [ln.strip() for ln in reduced.src.splitlines() if ln.startswith("  ")]
    assert any(ln.startswith("%c = sdiv") for ln in body)
    for gone in ("mul", "xor", "call void @use", "udiv"):
        assert not any(gone in ln for ln in body), (gone, body)
    assert valid(reduced.src) and len(calls) <= 200


def test_skips_with_a_message_without_alive_tv(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ALIVE_TV", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert main(["--alive-tv", str(tmp_path / "no-alive-tv"), "--findings", str(tmp_path / "f")]) == 0
    assert "SKIPPED: alive-tv not found" in capsys.readouterr().out
    assert not (tmp_path / "f").exists()


@needs_opt
def test_a_disagreement_is_logged_saved_and_reduced(seed: Seed, tmp_path: Path) -> None:
    """A stand-in alive-tv that calls every pair incorrect: vecverify's correct mutants
    disagree with it; each is in log.jsonl, saved, and the first is reduced."""
    fake = tmp_path / "alive-tv"
    fake.write_text("#!/bin/sh\necho \"Transformation doesn't verify!\"\necho 'ERROR: Value mismatch'\n")
    os.chmod(fake, 0o755)
    findings = tmp_path / "findings"
    flagged = make_mutant([seed], 3, 0)
    assert flagged is not None
    campaign = Campaign([seed], str(fake), Limits(timeout_ms=5000, file_timeout=60), findings, 3, reduce_budget=12)
    outcomes = campaign.run(range(2), batch=2)
    assert [o.index for o in read_log(findings / "log.jsonl")] == [o.index for o in outcomes] == [0, 1]
    for o in outcomes:
        assert o.alive_tv == "incorrect" and o.alive_tv_detail == "ERROR: Value mismatch"
        assert o.disagrees == (o.vecverify == "correct")
        if o.disagrees:
            saved = Path(o.finding)
            assert saved.is_file() and "; alive-tv: incorrect ERROR: Value mismatch" in saved.read_text()
            assert valid(saved.read_text())


def test_one_real_mutant_through_both_tools() -> None:
    """sub's operands swapped in the target: both tools refute it."""
    alive = find_alive_tv(None)
    if alive is None:
        pytest.skip("alive-tv not built (../shared/tools/build_alive_tv.sh)")
    assert OPT is not None
    text = named(OPT, "define i8 @src(i8 %a, i8 %b) {\n  %s = sub i8 %a, %b\n  ret i8 %s\n}\n"
                      "define i8 @tgt(i8 %a, i8 %b) {\n  %s = sub i8 %a, %b\n  ret i8 %s\n}\n")
    assert text is not None
    small = Seed("small", text, text, True)
    rng = random.Random(0)
    got = None
    while got is None or got[1] != "swap":
        got = mutate(text, "tgt", rng)
    assert "sub i8 %b, %a" in got[0]
    m = Mutant(0, small, got[1], "tgt", "tgt", got[0], got[0])
    ours, theirs = run_one(m, alive, Limits(timeout_ms=10_000, file_timeout=120))
    assert (ours.verdict, theirs.verdict) == ("incorrect", "incorrect"), (ours, theirs)
    assert ours.detail == theirs.detail == "ERROR: Value mismatch"
