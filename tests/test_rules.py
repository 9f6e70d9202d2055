"""Every registered rule gets its expected result at every type it claims: rules that
hold are proved, known-false rules are refuted with a counterexample."""

from __future__ import annotations

import fnmatch
import importlib.util
import os
import re

import pytest

from transforms.base import FP_SEMANTICS, Param, Rule, Transform, TransformOptions
from transforms.prove import ProofResult, exit_code, prove, prove_pairs, prove_rule, select_rules
from transforms.registry import all_rules, get, get_rule
from vecverify.checker import check_pair
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions

HAVE_FP = importlib.util.find_spec(FP_SEMANTICS) is not None

# Floating-point obligations cost seconds to minutes each (Z3's float theory): the suite
# proves them at float and <4 x float>, except the ones below, which take longer than the
# suite can afford; `vecverify prove` runs every one of them.
FP_SUITE_TYPES = ("float", "<4 x float>")
FP_TOO_SLOW_FOR_SUITE = {
    "binrep.fmul-fdiv": "fdiv with a symbolic power of two: about 20 s",
    "snslp.fdiv-fdiv": "two fdivs with symbolic operands: over the solver's time limit",
}


# The loop vectorizer's rules (and the interleave groups) claim VF 2..16 for every element
# type: the suite proves them at a few narrow types (the cost grows with the lanes);
# `vecverify prove` runs every type. Floating-point ones at the types below only.
LOOP_TRANSFORMS = ("recurrence", "reduction", "masked", "interleave", "scalable")
LOOP_SUITE_TYPES = ("<2 x i8>", "<3 x i16>", "<4 x i32>", "<2 x i64>", "<3 x i64>", "<4 x half>", "<4 x float>",
                    "<2 x double>")
# Rules the suite proves at fewer types (first matching glob): the refuted variants and
# the min/max laws cost seconds each; the fmin/fmax laws under nsz tens of seconds.
LOOP_SUITE_ONLY = {
    "reduction.*.identity-start": ("<2 x i8>",),
    "reduction.*-kept": ("<2 x i8>",),
    "reduction.fmin.nnan": ("<2 x half>",),
    "reduction.fadd.ordered-reassociated": ("<2 x half>",),
    "reduction.f*": ("<4 x float>",),  # the reassociation model (no solver): one type
    "reduction.[su]m*": ("<2 x i8>", "<4 x i32>"),
    "masked.reduction.f*": ("<4 x float>",),  # the reassociation model, a case per k
    "masked.scatter.histogram": ("<2 x i8>",),
    "masked.scatter*": ("<2 x i8>", "<4 x i32>"),
    # the groups at the narrow types, and once at the widest (16 lanes of each factor)
    "interleave.factor[234]": (*LOOP_SUITE_TYPES, "<16 x i8>"),
    "interleave.factor4-tree": (*LOOP_SUITE_TYPES, "<16 x i8>"),
    # scalable rules: one check per vscale 1..16 each (the splice and resume at i64 in
    # tests/test_scalable_rules.py, every type in `vecverify prove`)
    "scalable.lane-mask*": ("<vscale x 2 x i64>", "<vscale x 4 x i32>"),
    "scalable.splice.*": ("<vscale x 4 x i32>",),
    "scalable.resume.*": ("<vscale x 4 x i32>",),
    "scalable.reduction.mul.start.zero-identity": ("<vscale x 4 x i32>",),
    "scalable.reduction.add.split.nsw": ("<vscale x 4 x i32>",),
    "scalable.reduction.add.*": ("<vscale x 2 x i64>",),
    "scalable.*": (),
}
LOOP_NOT_IN_SUITE = ("reduction.fmax.*", "reduction.fmin.nnan.*", "reduction.fmin.nnan-*",
                     # (the minnum/maxnum laws: tens of seconds)
                     "masked.reduction.fm[ai][nx].nnan-nsz", "masked.reduction.fm[ai][nx].nnan-ninf-nsz")
# Integer rules whose i64 obligation costs the solver 4-20 s (division, remainder and
# shifts by a symbolic power of two): the suite proves them at i8..i32 only.
INT_NOT_IN_SUITE_AT_I64 = ("binrep.*div*", "binrep.*rem*", "binrep.*shl*", "snslp.sub-sub.nuw")


def _needs_fp(rule: Rule) -> bool:
    return FP_SEMANTICS in rule.requires


def _in_suite(name: str, type_name: str) -> bool:
    rule = get_rule(name)
    if rule.transform in LOOP_TRANSFORMS:
        if any(fnmatch.fnmatchcase(name, g) for g in LOOP_NOT_IN_SUITE):
            return False
        for glob, types in LOOP_SUITE_ONLY.items():
            if fnmatch.fnmatchcase(name, glob):
                return type_name in types
        return type_name in LOOP_SUITE_TYPES
    if not _needs_fp(rule):
        return type_name != "i64" or not any(fnmatch.fnmatchcase(name, g) for g in INT_NOT_IN_SUITE_AT_I64)
    return type_name in FP_SUITE_TYPES and name not in FP_TOO_SLOW_FOR_SUITE


# The suite's rows: only the obligations it proves (the whole table, every rule at every
# type it claims, is `vecverify prove`'s job: .ci/run runs it after the suite).
PAIRS = [(r.name, t) for r in all_rules() for t in r.types if _in_suite(r.name, t)]


@pytest.fixture(scope="session")
def results() -> dict[tuple[str, str], ProofResult]:
    """The suite's obligations proved once, in one pool (the slowest, floating point,
    run first). The time limit is the floating-point one for all: a loaded machine must
    not turn a proof that takes seconds into a failure."""
    jobs = max(1, min(4, os.cpu_count() or 1))
    suite = [(get_rule(n), t) for n, t in PAIRS if HAVE_FP or not _needs_fp(get_rule(n))]
    return {(r.rule, r.type): r for r in prove_pairs(suite, jobs=jobs, timeout_ms=90_000)}


@pytest.mark.parametrize(("name", "type_name"), PAIRS, ids=[f"{n}@{t}" for n, t in PAIRS])
def test_rule_gets_expected_result(results, name: str, type_name: str) -> None:
    rule = get_rule(name)
    if _needs_fp(rule) and not HAVE_FP:
        pytest.skip("vecverify.semantics.floating is not there yet")
    r = results[(name, type_name)]
    assert r.result != "failed", f"failed to prove: {r.detail}"
    assert r.matched, f"{name} at {type_name}: expected {r.expected}, got {r.result}: {r.detail}\n{r.counterexample}"
    if r.result == "refuted":
        assert r.counterexample and "Example:" in r.counterexample


def _input(text: str, name: str) -> str:
    m = re.search(rf"%{name} = (.*)", text)
    assert m, text
    return m.group(1)


def _signed(value_text: str) -> int:
    """``#xff (255, -1)`` -> -1; ``#x01 (1)`` -> 1."""
    m = re.search(r"\((\d+)(?:, (-\d+))?\)", value_text)
    assert m, value_text
    return int(m.group(2) or m.group(1))


@pytest.mark.parametrize("type_name", ["i8", "i16", "i32", "i64"])
def test_sdiv_is_not_ashr(type_name: str) -> None:
    r = prove_rule(get_rule("binrep.sdiv-ashr"), type_name)
    assert r.result == "refuted" and r.counterexample
    assert "Value mismatch" in r.counterexample
    # Only a negative dividend that is not a multiple of 2^k tells them apart.
    assert _signed(_input(r.counterexample, "x")) < 0


@pytest.mark.parametrize("type_name", ["i8", "i16", "i32", "i64"])
def test_srem_is_not_and(type_name: str) -> None:
    r = prove_rule(get_rule("binrep.srem-and"), type_name)
    assert r.result == "refuted" and r.counterexample
    assert _signed(_input(r.counterexample, "x")) < 0


@pytest.mark.parametrize("type_name", ["i8", "i16", "i32", "i64"])
def test_shl_nsw_top_is_not_mul_nsw(type_name: str) -> None:
    r = prove_rule(get_rule("binrep.shl-mul.nsw-top"), type_name)
    assert r.result == "refuted" and r.counterexample
    assert "Target is more poisonous than source" in r.counterexample
    # X = -1 is the one input where shl nsw X, w-1 is defined and mul nsw overflows.
    assert _signed(_input(r.counterexample, "x")) == -1


@pytest.mark.skipif(not HAVE_FP, reason="vecverify.semantics.floating is not there yet")
@pytest.mark.parametrize("type_name", ["float", "double"])
def test_fadd_zero_is_not_identity(type_name: str) -> None:
    r = prove_rule(get_rule("ext.fadd.pos0"), type_name)
    assert r.result == "refuted" and r.counterexample
    # Real counterexamples: X = -0.0 (the sum is +0.0), or a NaN (the sum may quiet it
    # or return the preferred NaN, where the source returns X's bits).
    x = _input(r.counterexample, "x")
    assert "-0.0" in x or "NaN" in x


def test_mul2_add_with_undef_is_refuted_and_holds_for_noundef() -> None:
    r = prove_rule(get_rule("binrep.mul2-add"), "i8")
    assert r.result == "refuted" and "undef" in _input(r.counterexample or "", "x")
    assert prove_rule(get_rule("binrep.mul2-add.noundef"), "i8").result == "proved"


# --------------------------------------------------------------------------- obligations


def test_obligation_shape() -> None:
    rule = get_rule("binrep.shl-mul.nsw")
    text = rule.obligation("i32").text
    assert "@src(i32 %x, i32 noundef %k)" in text
    assert "icmp ule i32 %k, 30" in text and "call void @llvm.assume" in text
    assert "%p = shl i32 1, %k" in text
    src, tgt = rule.obligation("i32").functions()
    assert src.name == "src" and tgt.name == "tgt"
    assert rule.preconditions == "0 <= k <= w-2"


def test_case_split_covers_the_domain() -> None:
    rule = get_rule("binrep.udiv-lshr")
    assert rule.cases("i8") is None  # narrow types: one symbolic query
    cases = rule.cases("i64")
    assert cases is not None and [c["k"] for c in cases] == list(range(64))
    assert "icmp eq i64 %k, 5" in rule.obligation("i64", {"k": 5}).text


def test_every_obligation_parses() -> None:
    for rule in all_rules():
        for t in rule.types:
            rule.obligation(t).functions()


def test_a_false_rule_is_refuted_not_proved() -> None:
    bogus = Rule("test.bogus", "test", "X -> X + 1", ("i8",), (Param("x"),),
                 "%r = bitcast {T} %x to {T}", "%r = add {T} %x, 1")
    r = prove_rule(bogus, "i8")
    assert r.result == "refuted" and not r.matched
    assert exit_code([r]) == 1


def test_exit_codes() -> None:
    ok = ProofResult("a", "t", "i8", "proved", "holds", 0.0)
    failed = ProofResult("b", "t", "i8", "failed", "holds", 0.0)
    wrong = ProofResult("c", "t", "i8", "proved", "refuted", 0.0)
    assert exit_code([ok]) == 0
    assert exit_code([ok, failed]) == 3
    assert exit_code([ok, failed, wrong]) == 1


def test_select_rules() -> None:
    assert {r.name for r in select_rules(["binrep.udiv-*"])} == {"binrep.udiv-lshr", "binrep.udiv-lshr.exact"}
    assert all(r.transform == "shuffle" for r in select_rules(["shuffle"]))
    with pytest.raises(Exception, match="no rule"):
        select_rules(["nope.*"])


def test_types_filter_selects_vectors_of_the_element_type() -> None:
    res = prove(["shuffle.identity"], types=["i64"])
    assert [r.type for r in res] == ["<2 x i64>"]


# --------------------------------------------------------------------------- apply


def _fn(text: str):  # noqa: ANN202
    return parse_module(text).functions["f"]


def _refines(src, tgt) -> bool:  # noqa: ANN001
    return check_pair(src, tgt, CheckOptions(timeout_ms=20_000)).status == "correct"


def test_replacement_apply_rewrites_and_is_correct() -> None:
    fn = _fn("""
define i32 @f(i32 %x, i32 %y) {
  %a = shl nsw i32 %x, 3
  %b = udiv exact i32 %y, 16
  %c = urem i32 %a, 8
  %d = sub nsw i32 %c, 5
  %e = add i32 %d, %d
  %m = mul nuw i32 %e, 4
  %r = add i32 %m, %b
  ret i32 %r
}""")
    out = get("replacement").apply(fn)
    assert out is not None and out is not fn
    ops = [i.opcode for i in out.instructions()]
    assert ops[:6] == ["mul", "lshr", "and", "add", "mul", "shl"]
    assert _refines(fn, out)
    # The original is untouched.
    assert [i.opcode for i in fn.instructions()][:2] == ["shl", "udiv"]


def test_commutative_apply_swaps_operands() -> None:
    fn = _fn("define i8 @f(i8 %x, i8 %y) {\n  %r = add nsw i8 %x, %y\n  ret i8 %r\n}")
    out = get("reorder").apply(fn, TransformOptions(rules=["commute.add.nsw"]))
    assert out is not None
    inst = next(out.instructions())
    assert [o.name for o in inst.operands] == ["y", "x"] and inst.flags == {"nsw"}
    assert _refines(fn, out)


def test_apply_declines_when_nothing_matches() -> None:
    fn = _fn("define i8 @f(i8 %x) {\n  ret i8 %x\n}")
    assert get("replacement").apply(fn) is None
    assert get("extension").apply(fn) is None
    assert Transform("empty", "no rules").apply(fn) is None


def test_a_float_case_writes_its_constant_in_place() -> None:
    """A case of a split states the same claim (the source assumes k = value); a float
    rule's case also writes the value as a literal, which the semantics fold."""
    text = get_rule("binrep.fdiv-fmul.double").obligation("double", {"k": 5}).text
    assert "icmp eq i64 %k, 5" in text
    assert "%e = add i64 5, 1023" in text and "%ne = sub i64 1023, 5" in text
    assert "%p = shl i64 1, %k" in get_rule("binrep.udiv-lshr").obligation("i64", {"k": 5}).text


def test_double_fdiv_claim_is_narrowed_to_what_is_proved() -> None:
    from vecverify.ir.values import BinOp, ConstFloat

    rule = get_rule("binrep.fdiv-fmul.double")
    cases = rule.cases("double")
    assert cases is not None and [c["k"] for c in cases] == list(range(-16, 17))
    m = parse_module("define double @f(double %x) {\n  %a = fdiv double %x, 16.0\n"
                     "  %b = fdiv double %x, 0x4130000000000000\n  ret double %a\n}\n", "<t>")
    a, b = m.functions["f"].blocks[0].instructions[:2]
    assert rule.rewrite is not None
    [new] = rule.rewrite(a) or []
    assert isinstance(new, BinOp) and new.op == "fmul"
    assert isinstance(new.operands[1], ConstFloat) and new.operands[1].bits == 0x3FB0000000000000  # 1/16
    assert rule.rewrite(b) is None  # 2^20: outside the proved range


@pytest.mark.parametrize("as_json", [False, True])
def test_ctrl_c_prints_the_obligations_proved_so_far(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str], as_json: bool) -> None:
    """Ctrl-C during `vecverify prove`: the table (or JSON) of the obligations that came,
    how far it got, and exit 130."""
    import json

    from vecverify.app import cli
    from vecverify.app.commands import prove as prove_command

    came = [ProofResult("binrep.shl-mul", "replacement", t, "proved", "holds", 0.1) for t in ("i8", "i16")]

    def interrupted_prove(names, types, timeout_ms, progress, jobs, laws):  # noqa: ANN001, ANN202
        for i, r in enumerate(came):
            progress(r, i + 1, 5)
        raise KeyboardInterrupt

    monkeypatch.setattr(prove_command, "prove", interrupted_prove)
    code = cli.main(["prove", "binrep.shl-mul", *(["--json"] if as_json else [])])
    out, err = capsys.readouterr()
    assert code == 130
    assert "interrupted: 2 of 5 obligations proved" in err and "vecverify: interrupted" in err
    if as_json:
        data = json.loads(out)
        assert data["interrupted"] is True and [r["type"] for r in data["results"]] == ["i8", "i16"]
    else:
        assert "2 of 2 obligations as expected" in out and "i16" in out
