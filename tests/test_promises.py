"""Metadata that promises what is not modelled (``!tbaa``, ``!alias.scope``/``!noalias``,
``!invariant.load``/``!invariant.group``: breaking the promise is UB) is read and judged
with the verdict (checker.check_pair): a function is checked as if it made none, so as
more defined than it is. A proof is then not one for a target that promises (it may be UB
where the source is not), and a counterexample is not one for a source that promises
(its inputs may break the promise)."""

from __future__ import annotations

import pytest

from vecverify.checker import check_pair
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions, Verdict

NODES = """
!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"Simple C TBAA"}
!3 = !{!4}
!4 = distinct !{!4, !5}
!5 = distinct !{!5, !"LVerDomain"}
"""
COPY = "  %l = load i32, ptr %a{md}\n  store i32 %l, ptr %b{md}\n"


def _check(src_md: str, tgt_md: str, tgt_ret: str = "0") -> Verdict:
    text = (f"define i32 @src(ptr %a, ptr %b) {{\n{COPY.format(md=src_md)}  ret i32 0\n}}\n"
            f"define i32 @tgt(ptr %a, ptr %b) {{\n{COPY.format(md=tgt_md)}  ret i32 {tgt_ret}\n}}\n" + NODES)
    m = parse_module(text, "<promises>")
    return check_pair(m.functions["src"], m.functions["tgt"], CheckOptions(timeout_ms=10_000))


def test_promise_kinds_are_read_onto_the_function() -> None:
    m = parse_module("define void @f(ptr %a, ptr %b) {\n" + COPY.format(md=", !alias.scope !3, !noalias !3")
                     + "  %x = load i32, ptr %a, !tbaa !0, !invariant.load !6\n  ret void\n}\n" + NODES + "!6 = !{}\n")
    assert m.functions["f"].promises == {"!alias.scope", "!noalias", "!tbaa", "!invariant.load"}


@pytest.mark.parametrize("md", [", !tbaa !0", ", !alias.scope !3", ", !noalias !3"])
def test_a_proof_is_not_one_for_a_target_that_promises(md: str) -> None:
    # Without the promise the copy refines the source, but with it the target is UB
    # where %a and %b overlap (the source is not): never "correct".
    v = _check("", md)
    assert v.status == "unsupported" and md.split()[1] in v.detail and "@tgt" in v.detail


def test_a_counterexample_still_refutes_a_target_that_promises() -> None:
    # (at best the target is UB at the counterexample: it is wrong there either way)
    assert _check("", ", !tbaa !0", tgt_ret="1").status == "incorrect"


def test_a_counterexample_is_not_one_for_a_source_that_promises() -> None:
    v = _check(", !noalias !3", "", tgt_ret="1")
    assert v.status == "unsupported" and "!noalias" in v.detail and "@src" in v.detail


def test_a_proof_stands_for_a_source_that_promises() -> None:
    # (the source is checked as more defined than it is: every obligation is kept)
    assert _check(", !tbaa !0", "").status == "correct"
