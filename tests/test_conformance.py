"""vecverify against Alive2's own alive-tv suite: no wrong verdict, and no drop in
agreement below the recorded floor."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.conftest import ALIVE2_SUITE, REPO
from vecverify.app.conformance import SCORED_FOLDERS, categorize, score
from vecverify.refine import CheckOptions
from vecverify.testfile import TestCase

BASELINE = json.loads((REPO / "tests" / "data" / "conformance_baseline.json").read_text())


@pytest.fixture(scope="module")
def results():
    if not ALIVE2_SUITE.is_dir():
        pytest.skip("shared/conformance/alive2 is not beside the repository")
    # (the files that time out under the suite's load get a second try with 3x the limit)
    return score(ALIVE2_SUITE, list(SCORED_FOLDERS), CheckOptions(timeout_ms=10_000), jobs=2, file_timeout=60,
                 retry=CheckOptions(timeout_ms=30_000))


def test_no_wrong_verdicts(results) -> None:
    known = BASELINE["known_disagreements"]
    wrong = [f"{r.file}: expected {r.expected}, got {r.got}" for r in results
             if r.category == "wrong" and r.file not in known]
    assert not wrong, "\n".join(wrong)


def test_agreement_does_not_drop(results) -> None:
    counts = Counter(r.category for r in results)
    print(dict(counts))
    assert counts["agree"] >= BASELINE["min_agree"], dict(counts)


def test_no_internal_errors(results) -> None:
    internal = [f"{r.file}: {r.got}" for r in results if "internal error" in r.got]
    assert not internal, "\n".join(internal)


def _case(expected: str | None) -> TestCase:
    from pathlib import Path

    return TestCase("x", "srctgt", Path("x"), Path("x"), expected_error=expected)


def test_categories() -> None:
    assert categorize(_case(None), [("correct", None, "")])[0] == "agree"
    assert categorize(_case(None), [("incorrect", "Value mismatch", "")])[0] == "wrong"
    assert categorize(_case("Value mismatch"), [("correct", None, "")])[0] == "wrong"
    assert categorize(_case("Value mismatch"), [("incorrect", "Value mismatch", "")])[0] == "agree"
    assert categorize(_case("Value mismatch"), [("incorrect", "Mismatch in memory", "")])[0] == "kind"
    assert categorize(_case(None), [("unsupported", None, "unsupported: alloca")])[0] == "unsupported"
    assert categorize(_case(None), [("failed", None, "timeout")])[0] == "timeout"
