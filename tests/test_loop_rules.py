"""The loop vectorizer's recurrence and reduction rules: the reassociation model that
decides some of them, the laws it rests on, and the names and flags the vectorizer
takes from them. (Every rule's expected result is asserted by tests/test_rules.py.)"""

from __future__ import annotations

import dataclasses

import pytest

from transforms.prove import LawResult, prove_pairs, prove_rule, select_rules
from transforms.registry import get_rule
from transforms.rules.reassociation import (
    Laws,
    check_reassociation,
    check_with_laws,
    uses_each_argument_once,
)
from transforms.rules.recurrence import splice_mask
from transforms.rules.reduction import INT_KINDS, rule_name, vector_flags
from transforms.rules.reduction import laws as rule_laws
from vecverify.checker import check_pair
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions


def _pair(src_body: str, tgt_body: str, params: str = "float %a, float %b, float %c") -> tuple:
    text = (f"define float @src({params}) {{\n{src_body}\n  ret float %r\n}}\n"
            f"define float @tgt({params}) {{\n{tgt_body}\n  ret float %r\n}}\n")
    mod = parse_module(text)
    return mod.functions["src"], mod.functions["tgt"]


def test_reassociation_model_accepts_a_reassociation() -> None:
    src, tgt = _pair(
        "  %s = fadd reassoc float %a, %b\n  %r = fadd reassoc float %s, %c",
        "  %s = fadd reassoc float %c, -0.0\n  %t = fadd reassoc float %b, %s\n  %r = fadd reassoc float %a, %t",
    )
    assert check_reassociation(src, tgt).status == "correct"


def test_reassociation_model_refutes_a_lost_or_doubled_leaf() -> None:
    src, tgt = _pair("  %s = fadd reassoc float %a, %b\n  %r = fadd reassoc float %s, %c",
                     "  %s = fadd reassoc float %a, %b\n  %r = fadd reassoc float %s, %b")
    v = check_reassociation(src, tgt)
    assert v.status == "incorrect" and v.error == "Value mismatch"
    assert "%c" in v.detail and "%b . %b" in v.detail


@pytest.mark.parametrize(("src_flags", "tgt_flags", "why"), [
    ("", "", "without reassoc"),
    ("reassoc", "reassoc nnan", "flags"),
])
def test_reassociation_model_declines_what_reassoc_does_not_allow(src_flags: str, tgt_flags: str, why: str) -> None:
    src, tgt = _pair(f"  %s = fadd {src_flags} float %a, %b\n  %r = fadd {src_flags} float %s, %c",
                     f"  %s = fadd {tgt_flags} float %b, %c\n  %r = fadd {tgt_flags} float %a, %s")
    v = check_reassociation(src, tgt)
    assert v.status == "unsupported" and why in v.detail


def test_reassociation_model_declines_another_operation() -> None:
    src, tgt = _pair("  %s = fadd reassoc float %a, %b\n  %r = fmul reassoc float %s, %c",
                     "  %s = fadd reassoc float %a, %b\n  %r = fmul reassoc float %s, %c")
    assert check_reassociation(src, tgt).status == "unsupported"


def test_laws_are_proved_not_assumed() -> None:
    """A wrong identity (0 for smin) fails its law at the element type, so the fold's
    verdict is not 'correct' even though the leaves match."""
    wrong = Laws("smin", "llvm.smin", "", lambda element: "0")
    rule = get_rule("reduction.smin")
    src, tgt = rule.obligation("<2 x i8>").functions()
    v = check_with_laws(wrong)(src, tgt, CheckOptions(timeout_ms=20_000))
    assert v.status == "incorrect" and "identity" in v.detail


def _int_pair(src_body: str, tgt_body: str) -> tuple:
    text = (f"define i8 @src(i8 %a, i8 %b) {{\n{src_body}\n  ret i8 %r\n}}\n"
            f"define i8 @tgt(i8 %a, i8 %b) {{\n{tgt_body}\n  ret i8 %r\n}}\n")
    mod = parse_module(text)
    return mod.functions["src"], mod.functions["tgt"]


def test_undef_arguments_are_left_out_only_where_the_target_uses_each_once() -> None:
    """A law whose target uses each argument once is proved for defined (and poison)
    arguments only (undef follows: see uses_each_argument_once). The guard matters:
    ``%a + %a`` for ``%a * 2`` holds for every defined %a, and is wrong for an undef %a
    (two uses, two values: an odd sum)."""
    once = _int_pair("  %r = mul i8 %a, 2", "  %r = shl i8 %a, 1")
    twice = _int_pair("  %r = mul i8 %a, 2", "  %r = add i8 %a, %a")
    assert uses_each_argument_once(once[1]) and not uses_each_argument_once(twice[1])
    options = CheckOptions(timeout_ms=20_000)
    assert check_pair(*twice, dataclasses.replace(options, undef_inputs=False)).status == "correct"
    assert check_pair(*twice, options).status == "incorrect"
    for law in ("associative", "commutative", "identity absorbed", "idempotent"):
        mod = parse_module(rule_laws(INT_KINDS["umax"]).obligation("i8", law))
        assert uses_each_argument_once(mod.functions["tgt"]), law
        assert check_pair(mod.functions["src"], mod.functions["tgt"], options).status == "correct"
    mod = parse_module(rule_laws(INT_KINDS["umax"]).obligation("i8", "idempotent, duplicated"))
    assert not uses_each_argument_once(mod.functions["tgt"])


def test_reassociated_add_nsw_is_more_poisonous() -> None:
    r = prove_rule(get_rule("reduction.add.nsw-kept"), "<2 x i8>")
    assert r.result == "refuted" and r.counterexample and "more poisonous" in r.counterexample


def test_splice_mask() -> None:
    assert splice_mask(4) == [3, 4, 5, 6]
    assert splice_mask(2, shift=1) == [2, 3]


def test_rule_names_and_flags_for_the_vectorizer() -> None:
    assert rule_name("add", frozenset({"nsw"})) == "reduction.add.nsw"
    assert rule_name("umax") == "reduction.umax"
    assert rule_name("fadd") is None  # no reassoc: not vectorized out of order
    assert rule_name("fadd", frozenset({"reassoc"})) == "reduction.fadd.reassoc"
    fast = frozenset({"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"})
    assert rule_name("fmul", fast) == "reduction.fmul.fast"
    assert rule_name("fmin", frozenset({"nnan", "nsz"})) == "reduction.fmin.nnan-nsz"
    assert rule_name("smax", start="splat") == "reduction.smax.splat-init"
    assert rule_name("fmax", frozenset({"nnan", "ninf", "nsz"})) is None  # +inf is poison
    assert rule_name("fmax", frozenset({"nnan", "ninf", "nsz"}), "splat") == "reduction.fmax.nnan-ninf-nsz.splat-init"
    assert rule_name("add", start="splat") is None
    assert rule_name("fmax", frozenset({"nsz"})) is None
    assert vector_flags("add", frozenset({"nsw", "nuw"})) == frozenset()
    assert vector_flags("fadd", fast) == fast
    # Every name the vectorizer may report is a holding rule.
    for kind, flags in [("add", frozenset({"nsw"})), ("mul", frozenset({"nsw"})), ("fadd", fast),
                        ("fmin", frozenset({"nnan"})), ("xor", frozenset())]:
        name = rule_name(kind, flags)
        assert name is not None and get_rule(name).expected == "holds"


def test_rules_are_selected_by_family() -> None:
    names = {r.name for r in select_rules(["recurrence.*"])}
    assert {"recurrence.splice", "recurrence.exit-phi", "recurrence.exit-phi-last-lane"} <= names
    assert all(r.transform == "reduction" for r in select_rules(["reduction"]))


def test_prove_proves_each_law_once_first_and_keeps_the_rules_order() -> None:
    """The min/max rules at two widths stand on the same laws at i8: proved once, before
    the rules, and reported; the rules, proved costliest first, come back in order (in
    one process and in two, with the same results)."""
    work = [(get_rule(n), t) for n in ("reduction.smin", "reduction.smin.splat-init", "reduction.add")
            for t in ("<2 x i8>", "<8 x i8>")]
    laws: list[LawResult] = []
    one = prove_pairs(work, jobs=1, laws=laws)
    assert [(r.rule, r.type) for r in one] == [(r.name, t) for r, t in work]
    assert all(r.matched for r in one)
    assert len(laws) == len(rule_laws(INT_KINDS["smin"]).laws()) == len({law.key for law in laws})
    assert all(law.status == "correct" and law.key[4] == "i8" for law in laws)
    two_laws: list[LawResult] = []
    two = prove_pairs(work, jobs=2, laws=two_laws)
    assert [(r.rule, r.type, r.result) for r in two] == [(r.rule, r.type, r.result) for r in one]
    assert {law.key for law in two_laws} == {law.key for law in laws}
