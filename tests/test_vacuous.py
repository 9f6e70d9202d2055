"""Vacuous verdicts: a source that is UB on every input is refined by anything, and a
correct verdict for it says so (alive-tv's "WARNING: Source function is always UB"), in
the text, in --json and to the front ends (Comparison.vacuous)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import check_text
from vecverify.app.opttv.compare import check_file
from vecverify.compare import Comparison
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions
from vecverify.report import ALWAYS_UB, verdict_text, verdict_warnings
from vecverify.toolchain import tool_path

ALWAYS_UB_PAIRS = {
    "unreachable": "define i8 @src(i8 %x) {\n  unreachable\n}\ndefine i8 @tgt(i8 %x) {\n  ret i8 3\n}\n",
    "division by zero": (
        "define i8 @src(i8 %x) {\n  %r = udiv i8 %x, 0\n  ret i8 %r\n}\n"
        "define i8 @tgt(i8 %x) {\n  ret i8 %x\n}\n"
    ),
    # A load through null with no dereferenceable attribute: UB on every input.
    "load of null": (
        "define i8 @src() {\n  %v = load i8, ptr null\n  ret i8 %v\n}\n"
        "define i8 @tgt() {\n  ret i8 0\n}\n"
    ),
}

DEFINED_PAIRS = {
    "UB on some inputs": (
        "define i8 @src(i8 %x, i8 %y) {\n  %r = udiv i8 %x, %y\n  ret i8 %r\n}\n"
        "define i8 @tgt(i8 %x, i8 %y) {\n  %r = udiv i8 %x, %y\n  ret i8 %r\n}\n"
    ),
    "never UB": "define i8 @src(i8 %x) {\n  ret i8 %x\n}\ndefine i8 @tgt(i8 %x) {\n  ret i8 %x\n}\n",
}


@pytest.mark.parametrize("name", sorted(ALWAYS_UB_PAIRS))
def test_always_ub_source_is_a_warned_correct_verdict(name: str) -> None:
    verdict = check_text(ALWAYS_UB_PAIRS[name])
    assert verdict.status == "correct"
    assert verdict.source_always_ub is True
    text = verdict_text(verdict)
    assert "WARNING: Source function is always UB." in text
    assert text.index("WARNING") < text.index("Transformation seems to be correct!")
    assert verdict_warnings(verdict) == [ALWAYS_UB]
    module = parse_module(ALWAYS_UB_PAIRS[name], "t.ll")
    comparison = Comparison(module.functions["src"], module.functions["tgt"], verdict)
    assert comparison.vacuous
    assert comparison.record()["warnings"] == [ALWAYS_UB]


@pytest.mark.parametrize("name", sorted(DEFINED_PAIRS))
def test_a_source_defined_somewhere_has_no_warning(name: str) -> None:
    verdict = check_text(DEFINED_PAIRS[name])
    assert verdict.status == "correct"
    assert verdict.source_always_ub is False
    assert "WARNING" not in verdict_text(verdict)
    assert verdict_warnings(verdict) == []


def test_incorrect_verdicts_are_never_vacuous() -> None:
    verdict = check_text("define i8 @src(i8 %x) {\n  ret i8 %x\n}\ndefine i8 @tgt(i8 %x) {\n  ret i8 0\n}\n")
    assert verdict.status == "incorrect"
    assert verdict_warnings(verdict) == []


@pytest.mark.skipif(tool_path("opt") is None, reason="opt-22 is not installed")
def test_opt_tv_marks_a_vacuous_correct_verdict_suspicious(tmp_path: Path) -> None:
    path = tmp_path / "f.ll"
    path.write_text("define i8 @f(i8 %x) {\n  %a = add i8 %x, 0\n  unreachable\n}\n"
                    "define i8 @g(i8 %x) {\n  %a = add i8 %x, 0\n  ret i8 %a\n}\n")
    result = check_file(path, tool_path("opt"), "instcombine", CheckOptions())  # type: ignore[arg-type]
    by_name = {f.name: f for f in result.functions}
    assert by_name["f"].status == by_name["g"].status == "correct"
    assert by_name["f"].warnings == [ALWAYS_UB]
    assert by_name["g"].warnings == []
