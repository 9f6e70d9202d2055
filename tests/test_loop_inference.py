"""Witness inference for LoopVectorize's output (vecverify/loops/infer.py): opt-22's
loops proved for every trip count with no help from the vectorizer, and mutants of them
refuted at a concrete trip count, replayed natively."""

from __future__ import annotations

from pathlib import Path

import pytest

from vecverify.checker import check_pair
from vecverify.compare import Witness, compare_functions
from vecverify.llvm import read_module
from vecverify.loops.infer import infer_and_prove
from vecverify.refine import CheckOptions

DATA = Path(__file__).parent / "data" / "loops"


def _pair(name: str) -> tuple:  # type: ignore[type-arg]
    m = read_module(DATA / f"{name}.srctgt.ll")
    return m.functions["src"], m.functions["tgt"]


def test_a_map_loop_with_its_scalar_epilogue_is_proved_for_every_trip_count() -> None:
    src, tgt = _pair("map_vf4")
    v = check_pair(src, tgt, CheckOptions(timeout_ms=60_000))
    assert v.status == "correct" and v.loops == "proved", v.coverage
    assert "proved for every trip count" in v.coverage
    assert v.witness is not None and v.witness["alpha"] == {"%i": "index"}


@pytest.mark.parametrize("name", ["sum_vf4", "recurrence_vf4"])
def test_reductions_and_recurrences_are_proved_by_their_resume_values(name: str) -> None:
    r = infer_and_prove(*_pair(name), 60_000)
    assert r.status == "proved" and [n for n, _ in r.checks] == ["entry", "step", "last"], r.reason
    assert "index <u n.vec" in r.invariants and r.lanes == 4


@pytest.mark.parametrize("name,count", [("sum_vf4_drops_start", 4)])
def test_mutants_are_refuted_at_a_trip_count_and_replayed_natively(name: str, count: int) -> None:
    src, tgt = _pair(name)
    c = compare_functions(src, tgt, CheckOptions(timeout_ms=60_000), Witness(replay=True))
    assert c.verdict.status == "incorrect" and f"trip count {count}" in c.verdict.coverage
    assert c.replay is not None and c.replay["shows_difference"], c.replay
