"""The refinement check on small, hand-written pairs whose verdict is known."""

from __future__ import annotations

import pytest

from tests.conftest import check_text
from vecverify.checker import check_pair
from vecverify.errors import SignatureMismatch
from vecverify.llvm import parse_module
from vecverify.refine import (
    ERR_DOMAIN,
    ERR_MEMORY,
    ERR_POISON,
    ERR_UB,
    ERR_UNDEF,
    ERR_VALUE,
    CheckOptions,
)


def pair(sig: str, src: str, tgt: str, ret: str = "i32", extra: str = "") -> str:
    return (
        f"define {ret} @src({sig}) {{\n{src}\n}}\n"
        f"define {ret} @tgt({sig}) {{\n{tgt}\n}}\n{extra}"
    )


CORRECT = {
    "shl-to-mul": pair("i32 %x", "%r = shl i32 %x, 3\nret i32 %r", "%r = mul i32 %x, 8\nret i32 %r"),
    "drop-nsw": pair("i32 %x, i32 %y", "%r = add nsw i32 %x, %y\nret i32 %r", "%r = add i32 %x, %y\nret i32 %r"),
    "commute": pair("i32 %x, i32 %y", "%r = mul nuw i32 %x, %y\nret i32 %r", "%r = mul nuw i32 %y, %x\nret i32 %r"),
    "poison-to-anything": pair("", "ret i32 poison", "ret i32 7"),
    "undef-to-constant": pair("", "ret i32 undef", "ret i32 7"),
    "udiv-pow2": pair("i8 %x", "%r = udiv exact i8 %x, 4\nret i8 %r", "%r = lshr exact i8 %x, 2\nret i8 %r", ret="i8"),
    "and-or-absorb": pair("i16 %x, i16 %y", "%a = and i16 %x, %y\n%r = or i16 %a, %x\nret i16 %r", "%r = freeze i16 %x\nret i16 %x", ret="i16"),
    "shuffle-identity": pair(
        "<4 x i32> %v", "ret <4 x i32> %v",
        "%r = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>\nret <4 x i32> %r",
        ret="<4 x i32>",
    ),
    "reduce-add": pair(
        "<4 x i8> %v",
        "%a = extractelement <4 x i8> %v, i32 0\n%b = extractelement <4 x i8> %v, i32 1\n"
        "%c = extractelement <4 x i8> %v, i32 2\n%d = extractelement <4 x i8> %v, i32 3\n"
        "%s1 = add i8 %a, %b\n%s2 = add i8 %s1, %c\n%s3 = add i8 %s2, %d\nret i8 %s3",
        "%r = call i8 @llvm.vector.reduce.add.v4i8(<4 x i8> %v)\nret i8 %r", ret="i8",
    ),
    "slp-store-pair": pair(
        "ptr noalias %p, ptr noalias %q",
        "%a0 = load i32, ptr %q, align 4\n%q1 = getelementptr inbounds i32, ptr %q, i64 1\n"
        "%a1 = load i32, ptr %q1, align 4\n%b0 = shl i32 %a0, 1\n%b1 = mul i32 %a1, 2\n"
        "store i32 %b0, ptr %p, align 4\n%p1 = getelementptr inbounds i32, ptr %p, i64 1\n"
        "store i32 %b1, ptr %p1, align 4\nret void",
        "%v = load <2 x i32>, ptr %q, align 4\n%w = shl <2 x i32> %v, <i32 1, i32 1>\n"
        "store <2 x i32> %w, ptr %p, align 4\nret void",
        ret="void",
    ),
}


@pytest.mark.parametrize("name", sorted(CORRECT))
def test_correct(name: str) -> None:
    v = check_text(CORRECT[name])
    assert v.status == "correct", (v.status, v.error, v.detail)


INCORRECT = {
    "sdiv-to-ashr": (pair("i32 %x", "%r = sdiv i32 %x, 2\nret i32 %r", "%r = ashr i32 %x, 1\nret i32 %r"), ERR_VALUE),
    "add-nsw": (pair("i32 %x, i32 %y", "%r = add i32 %x, %y\nret i32 %r", "%r = add nsw i32 %x, %y\nret i32 %r"), ERR_POISON),
    "udiv-by-arg": (pair("i32 %x, i32 %y", "ret i32 0", "%r = udiv i32 %x, %y\nret i32 0"), ERR_UB),
    "freeze-undef": (pair("", "%v = freeze i32 undef\nret i32 %v", "ret i32 undef"), ERR_UNDEF),
    "shl-nsw-top-bit": (
        pair("i8 %x", "%r = shl nsw i8 %x, 7\nret i8 %r", "%r = mul nsw i8 %x, -128\nret i8 %r", ret="i8"),
        ERR_POISON,
    ),
    "srem-to-and": (pair("i8 %x", "%r = srem i8 %x, 4\nret i8 %r", "%r = and i8 %x, 3\nret i8 %r", ret="i8"), ERR_VALUE),
    "store-wrong-lane": (
        pair(
            "ptr %p, i32 %a, i32 %b",
            "store i32 %a, ptr %p, align 4\n%p1 = getelementptr inbounds i32, ptr %p, i64 1\n"
            "store i32 %b, ptr %p1, align 4\nret void",
            "%v0 = insertelement <2 x i32> poison, i32 %b, i32 0\n%v1 = insertelement <2 x i32> %v0, i32 %a, i32 1\n"
            "store <2 x i32> %v1, ptr %p, align 4\nret void",
            ret="void",
        ),
        ERR_MEMORY,
    ),
    "aliasing-loads": (
        pair(
            "ptr %p, ptr %q",
            "%a = load i32, ptr %q, align 4\nstore i32 1, ptr %p, align 4\nret i32 %a",
            "store i32 1, ptr %p, align 4\n%a = load i32, ptr %q, align 4\nret i32 %a",
        ),
        ERR_VALUE,
    ),
    "blend-off-by-one": (
        pair(
            "<4 x i32> %a, <4 x i32> %b",
            "%x = add <4 x i32> %a, %b\n%y = sub <4 x i32> %a, %b\n"
            "%r = shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> <i32 0, i32 5, i32 2, i32 7>\nret <4 x i32> %r",
            "%x = add <4 x i32> %a, %b\n%y = sub <4 x i32> %a, %b\n"
            "%r = shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> <i32 0, i32 5, i32 6, i32 7>\nret <4 x i32> %r",
            ret="<4 x i32>",
        ),
        ERR_VALUE,
    ),
}


@pytest.mark.parametrize("name", sorted(INCORRECT))
def test_incorrect(name: str) -> None:
    text, error = INCORRECT[name]
    v = check_text(text)
    assert v.status == "incorrect" and v.error == error, (v.status, v.error, v.detail)
    assert v.example is not None


def test_noalias_makes_reordering_correct() -> None:
    text = INCORRECT["aliasing-loads"][0].replace("ptr %p, ptr %q", "ptr noalias %p, ptr noalias %q")
    assert check_text(text).status == "correct"


def test_undef_input_can_be_disabled() -> None:
    # x * 2 -> x + x reads x twice: more undefined when x may be undef, fine otherwise.
    text = pair("i32 %x", "%r = mul i32 %x, 2\nret i32 %r", "%r = add i32 %x, %x\nret i32 %r")
    assert check_text(text).status == "incorrect"
    assert check_text(text, undef_inputs=False).status == "correct"


def test_poison_input_can_be_disabled() -> None:
    text = pair("i32 %x", "%r = freeze i32 %x\nret i32 %r", "ret i32 %x")
    assert check_text(text, undef_inputs=False).error == ERR_POISON
    assert check_text(text, undef_inputs=False, poison_inputs=False).status == "correct"


LOOP = """
define i32 @src(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %s1 = add i32 %s, 2
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %s1
}
define i32 @tgt(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = shl i32 %i1, 1
  ret i32 %r
}
"""


def test_loop_equivalence_within_bound() -> None:
    v = check_text(LOOP, unroll=3, undef_inputs=False)
    assert v.status == "correct" and v.has_loops and v.unroll == 3


def test_loop_bug_after_some_iterations() -> None:
    bad = LOOP.replace("%r = shl i32 %i1, 1", "%m = icmp ugt i32 %i1, 2\n  %d = select i1 %m, i32 1, i32 0\n"
                       "  %t = shl i32 %i1, 1\n  %r = add i32 %t, %d")
    assert check_text(bad, unroll=1, undef_inputs=False).status == "correct"  # beyond the bound
    v = check_text(bad, unroll=3, undef_inputs=False)
    assert v.status == "incorrect" and v.error == ERR_VALUE


def test_signature_mismatch_is_an_error_of_the_pair() -> None:
    text = "define i32 @src(i32 %x) {\n ret i32 %x\n}\ndefine i32 @tgt(i64 %x) {\n ret i32 0\n}\n"
    with pytest.raises(SignatureMismatch, match="signature mismatch"):
        check_text(text)  # the refinement check itself: no pair to compare
    module = parse_module(text, "test.ll")
    verdict = check_pair(module.functions["src"], module.functions["tgt"], CheckOptions())
    assert (verdict.status, verdict.error) == ("error", "Signature mismatch between src and tgt")


# A true identity the solver cannot decide in milliseconds (a 128-bit division and
# remainder recombined): a time limit of 200 ms always runs out on it.
HARD_IDENTITY = """define i128 @src(i128 %x, i128 %y, i128 %z) {
  %a = mul i128 %x, %y
  %b = udiv i128 %a, %z
  %c = mul i128 %b, %z
  %d = urem i128 %a, %z
  %e = add i128 %c, %d
  ret i128 %e
}
define i128 @tgt(i128 %x, i128 %y, i128 %z) {
  %a = mul i128 %y, %x
  ret i128 %a
}
"""


def test_timeout_is_failed_to_prove() -> None:
    v = check_text(HARD_IDENTITY, timeout_ms=200, undef_inputs=False, poison_inputs=False)
    assert (v.status, v.detail) == ("failed", "solver gave up: timeout")


OVERFLOW = """
define i1 @src(i8 %a, i8 %b) {
  %s = call { i8, i1 } @llvm.sadd.with.overflow.i8(i8 %a, i8 %b)
  %o = extractvalue { i8, i1 } %s, 1
  ret i1 %o
}
define i1 @tgt(i8 %a, i8 %b) {
  %x = sext i8 %a to i16
  %y = sext i8 %b to i16
  %z = add i16 %x, %y
  %t = trunc i16 %z to i8
  %e = sext i8 %t to i16
  %r = icmp ne i16 %e, %z
  ret i1 %r
}
"""


def test_with_overflow_struct_fields() -> None:
    assert check_text(OVERFLOW, undef_inputs=False).status == "correct"
    wrong = OVERFLOW.replace("sadd.with.overflow", "uadd.with.overflow")
    v = check_text(wrong, undef_inputs=False)
    assert v.status == "incorrect" and v.error == ERR_VALUE


def test_insertvalue_and_struct_return() -> None:
    text = (
        "define { i8, i1 } @src(i8 %a) {\n"
        "  %s = insertvalue { i8, i1 } poison, i8 %a, 0\n"
        "  %t = insertvalue { i8, i1 } %s, i1 true, 1\n  ret { i8, i1 } %t\n}\n"
        "define { i8, i1 } @tgt(i8 %a) {\n"
        "  %t = insertvalue { i8, i1 } { i8 0, i1 true }, i8 %a, 0\n  ret { i8, i1 } %t\n}\n"
    )
    assert check_text(text).status == "correct"
    assert check_text(text.replace("i1 true }, i8 %a", "i1 false }, i8 %a")).error == ERR_VALUE


def test_concrete_probes_find_a_float_rounding_counterexample() -> None:
    """(a - b) + c is not (a + c) - b in floating point. The concrete probes find a
    counterexample by themselves (the symbolic query may take minutes), and it is a real
    one: no source choice avoids it."""
    import time

    from vecverify.llvm import parse_module
    from vecverify.refine import CheckOptions, RefinementCheck
    from vecverify.tactics import Query

    text = pair(
        "float %a, float %b, float %c",
        "%t = fsub float %a, %b\n%r = fadd float %t, %c\nret float %r",
        "%t = fadd float %a, %c\n%r = fsub float %t, %b\nret float %r",
        ret="float",
    )
    fns = parse_module(text, "probe.ll").functions
    check = RefinementCheck(fns["src"], fns["tgt"], CheckOptions())
    query = Query("value", check.failure(check.value_ok()))
    model = check.tactics.probe(query, time.monotonic() + 30)
    assert model is not None
    check.replay(query, model)  # raises InternalError if it is not a real counterexample


def test_probes_never_prove() -> None:
    """A correct float rewrite: the probes find nothing, and the verdict comes from the
    symbolic search."""
    v = check_text(pair(
        "float %a, float %b", "%r = fadd float %a, %b\nret float %r", "%r = fadd float %b, %a\nret float %r",
        ret="float",
    ))
    assert v.status == "correct", (v.status, v.detail)


# ----------------------------------------------------------------------------- unknown calls

DECLS = (
    "declare i32 @pure(i32) memory(none) willreturn\n"
    "declare void @io(i32)\n"
    "declare i32 @peek(ptr) memory(read) willreturn\n"
    "declare void @stop() noreturn\n"
)

CALLS_CORRECT = {
    "same-calls": pair("i32 %x", "call void @io(i32 %x)\nret i32 0", "call void @io(i32 %x)\nret i32 0", extra=DECLS),
    "equal-pure-calls-merged": pair(
        "i32 %x", "%a = call i32 @pure(i32 %x)\n%b = call i32 @pure(i32 %x)\n%r = sub i32 %a, %b\nret i32 %r",
        "ret i32 0", extra=DECLS),
    "dead-pure-call-removed": pair("i32 %x", "%a = call i32 @pure(i32 %x)\nret i32 %x", "ret i32 %x", extra=DECLS),
    "code-after-noreturn": pair(
        "i32 %x", "call void @stop()\n%r = add i32 %x, 1\nret i32 %r", "call void @stop()\nunreachable", extra=DECLS),
    "read-call-sees-same-memory": pair(
        "ptr %p, i32 %x", "store i32 %x, ptr %p\n%v = call i32 @peek(ptr %p)\nret i32 %v",
        "store i32 %x, ptr %p\n%v = call i32 @peek(ptr %p)\nret i32 %v", extra=DECLS),
}


@pytest.mark.parametrize("name", sorted(CALLS_CORRECT))
def test_unknown_calls_correct(name: str) -> None:
    v = check_text(CALLS_CORRECT[name])
    assert v.status == "correct", (v.status, v.error, v.detail)


CALLS_INCORRECT = {
    "other-argument": (pair("i32 %x", "call void @io(i32 %x)\nret i32 0", "call void @io(i32 0)\nret i32 0",
                            extra=DECLS), ERR_UB),
    "call-added": (pair("i32 %x", "ret i32 0", "call void @io(i32 %x)\nret i32 0", extra=DECLS), ERR_UB),
    "calls-swapped": (pair("i32 %x", "call void @io(i32 1)\ncall void @io(i32 2)\nret i32 0",
                           "call void @io(i32 2)\ncall void @io(i32 1)\nret i32 0", extra=DECLS), ERR_UB),
    "call-result-ignored": (pair("", "%a = call i32 @pure(i32 0)\nret i32 %a", "ret i32 0", extra=DECLS), ERR_VALUE),
    "may-not-return-removed": (pair("i32 %x", "call void @io(i32 %x)\nret i32 0", "ret i32 0", extra=DECLS),
                               ERR_DOMAIN),
    "store-sunk-below-read-call": (pair(
        "ptr %p, i32 %x", "store i32 %x, ptr %p\n%v = call i32 @peek(ptr %p)\nret i32 %v",
        "%v = call i32 @peek(ptr %p)\nstore i32 %x, ptr %p\nret i32 %v", extra=DECLS), ERR_UB),
    "trap-is-not-ub": (pair("", "call void @llvm.trap()\nunreachable", "unreachable", ret="void",
                            extra="declare void @llvm.trap()\n"), ERR_UB),
}


@pytest.mark.parametrize("name", sorted(CALLS_INCORRECT))
def test_unknown_calls_incorrect(name: str) -> None:
    text, error = CALLS_INCORRECT[name]
    v = check_text(text)
    assert (v.status, v.error) == ("incorrect", error), v.detail


RANGE = "!0 = !{i8 0, i8 10}\n!1 = !{}\n"


@pytest.mark.parametrize(("attachment", "status"), [(", !range !0", "correct"), ("", "incorrect")])
def test_range_metadata_bounds_the_loaded_value(attachment: str, status: str) -> None:
    text = pair("ptr %p", f"%v = load i8, ptr %p{attachment}\n%r = icmp ult i8 %v, 10\nret i1 %r",
                "ret i1 true", ret="i1", extra=RANGE)
    assert check_text(text).status == status


@pytest.mark.parametrize(("attachment", "status"), [(", !noundef !1", "correct"), ("", "incorrect")])
def test_noundef_metadata_makes_freeze_redundant(attachment: str, status: str) -> None:
    text = pair("ptr %p", f"%v = load i8, ptr %p{attachment}\n%r = freeze i8 %v\nret i8 %r",
                f"%v = load i8, ptr %p{attachment}\nret i8 %v", ret="i8", extra=RANGE)
    assert check_text(text).status == status


def test_masked_load_alignment_holds_when_only_later_lanes_are_active() -> None:
    """The alignment of a masked load is its pointer's: with lane 0 inactive, a target
    that claims a larger alignment than the source's pointer has is still less defined."""
    decl = "declare <2 x i32> @llvm.masked.load.v2i32.p0(ptr, <2 x i1>, <2 x i32>)\n"
    src = "%v = call <2 x i32> @llvm.masked.load.v2i32.p0(ptr align 4 %p, <2 x i1> <i1 false, i1 true>, <2 x i32> zeroinitializer)\nret <2 x i32> %v"
    tgt = src.replace("align 4", "align 8")
    v = check_text(pair("ptr %p", src, tgt, ret="<2 x i32>", extra=decl))
    assert (v.status, v.error) == ("incorrect", ERR_UB), v.detail


@pytest.mark.parametrize("name", sorted(n for n in CORRECT if "<" in CORRECT[n].split("@src")[0]))
def test_lane_by_lane_split_keeps_correct_verdicts(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no time for the whole poison/value query, the lanes are decided one by one
    (refine._solve_split): vector-returning pairs stay proved."""
    monkeypatch.setattr("vecverify.refine.WHOLE_SHARE", 0.0)
    v = check_text(CORRECT[name])
    assert v.status == "correct", (v.status, v.error, v.detail)


def test_lane_by_lane_split_finds_the_wrong_lane(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only lane 2 of four is wrong (a shuffle mask off by one there): split by lanes,
    the check still refutes with a replayed counterexample, through a lane's own query."""
    monkeypatch.setattr("vecverify.refine.WHOLE_SHARE", 0.0)
    text = pair(
        "<4 x i32> %v", "%r = add <4 x i32> %v, <i32 1, i32 1, i32 1, i32 1>\nret <4 x i32> %r",
        "%s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 3, i32 3>\n"
        "%r = add <4 x i32> %s, <i32 1, i32 1, i32 1, i32 1>\nret <4 x i32> %r",
        ret="<4 x i32>",
    )
    v = check_text(text, undef_inputs=False, poison_inputs=False)
    assert v.status == "incorrect" and v.error == ERR_VALUE, (v.status, v.error, v.detail)
    assert v.example is not None


UB_SPLIT_SRC = "%a = load float, ptr %p, align 4\n%r = fadd float %a, %a\nret float %r"


@pytest.mark.parametrize("extra, status", [
    ("%q = getelementptr inbounds i8, ptr %p, i64 0\n%b = load i8, ptr %q, align 1\n", "correct"),
    ("%q = getelementptr i8, ptr %p, i64 4\n%b = load i8, ptr %q, align 1\n", "incorrect"),
])
def test_ub_split_by_condition(extra: str, status: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no time for the whole UB query, the target's UB conditions are decided one
    by one (each mentions no source choice: the NaN payload of the fadd is not
    quantified there): an extra in-bounds load stays correct, one past the float that
    the source reads is the source being more defined."""
    monkeypatch.setattr("vecverify.refine.WHOLE_SHARE", 0.0)
    text = pair("ptr %p", UB_SPLIT_SRC, extra + UB_SPLIT_SRC, ret="float")
    v = check_text(text)
    assert v.status == status, (v.status, v.error, v.detail)
    if status == "incorrect":
        assert v.error == ERR_UB and v.example is not None
