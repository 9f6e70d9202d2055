"""vecverify against Alive2's own alive-tv suite.

The whole suite against the recorded floor (no wrong verdict, no internal error, no drop in
agreement) is a campaign of its own, minutes long: `.ci/run` runs it as a step
(`vecverify conformance --baseline tests/data/conformance_baseline.json`). Here: the floor's
judgement, the scoring, and a real run of two small folders through that command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import ALIVE2_SUITE, REPO
from vecverify.app.cli import main
from vecverify.app.conformance import Baseline, CaseResult, below_baseline, categorize
from vecverify.testfile import TestCase

BASELINE_FILE = REPO / "tests" / "data" / "conformance_baseline.json"


def _result(file: str, category: str, got: str = "correct") -> CaseResult:
    return CaseResult(file, ".", category, "correct", got, 0.1)


def test_the_recorded_floor_reads() -> None:
    baseline = Baseline.read(BASELINE_FILE)
    assert baseline.min_agree >= 291  # raised when support grows, never lowered
    assert all(reason for reason in baseline.known_disagreements.values())


def test_below_baseline_names_each_failure() -> None:
    baseline = Baseline(2, {"deliberate.ll": "why"})
    meets = [_result("a.ll", "agree"), _result("b.ll", "agree"), _result("deliberate.ll", "wrong")]
    assert below_baseline(meets, baseline) == []
    failing = [_result("a.ll", "agree"), _result("c.ll", "wrong", "ERROR: Value mismatch"),
               _result("d.ll", "unsupported", "internal error: KeyError: x")]
    lines = below_baseline(failing, baseline)
    assert any(line.startswith("wrong verdict: c.ll") for line in lines), lines
    assert any(line.startswith("internal error: d.ll") for line in lines), lines
    assert any("agreement 1 is below the recorded floor 2" in line for line in lines), lines


def _conformance(tmp_path: Path, capsys: pytest.CaptureFixture[str], min_agree: int) -> tuple[int, str, list]:
    if not ALIVE2_SUITE.is_dir():
        pytest.skip("shared/conformance/alive2 is not beside the repository")
    floor = tmp_path / "floor.json"
    known = Baseline.read(BASELINE_FILE).known_disagreements
    floor.write_text(json.dumps({"min_agree": min_agree, "known_disagreements": known}))
    out_json = tmp_path / "results.json"
    code = main(["conformance", str(ALIVE2_SUITE), "--folders", "bitcast", "vector", "--jobs", "1",
                 "--baseline", str(floor), "--json", str(out_json)])
    return code, capsys.readouterr().out, json.loads(out_json.read_text())


def test_two_folders_against_a_floor(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A real run: every file of two folders gets a verdict (no wrong one, no internal
    error), and a floor above what it scored fails the run by name."""
    code, out, rows = _conformance(tmp_path, capsys, min_agree=10_000)
    assert len(rows) == 12 and code == 1, out
    known = Baseline.read(BASELINE_FILE).known_disagreements
    assert not [r for r in rows if (r["category"] == "wrong" and r["file"] not in known)
                or "internal error" in r["got"]], rows
    agree = sum(r["category"] == "agree" for r in rows)
    assert agree >= 11, rows  # what these folders scored when the floor was recorded
    assert "recorded as deliberate in the baseline" in out, out  # vector/vector_undefptr
    assert f"agreement {agree} is below the recorded floor 10000" in out, out
    assert "BELOW BASELINE" in out and "wrong verdict" not in out


def _case(expected: str | None) -> TestCase:
    return TestCase("x", "srctgt", Path("x"), Path("x"), expected_error=expected)


def test_categories() -> None:
    assert categorize(_case(None), [("correct", None, "")])[0] == "agree"
    assert categorize(_case(None), [("incorrect", "Value mismatch", "")])[0] == "wrong"
    assert categorize(_case("Value mismatch"), [("correct", None, "")])[0] == "wrong"
    assert categorize(_case("Value mismatch"), [("incorrect", "Value mismatch", "")])[0] == "agree"
    assert categorize(_case("Value mismatch"), [("incorrect", "Mismatch in memory", "")])[0] == "kind"
    assert categorize(_case(None), [("unsupported", None, "unsupported: alloca")])[0] == "unsupported"
    assert categorize(_case(None), [("failed", None, "timeout")])[0] == "timeout"
