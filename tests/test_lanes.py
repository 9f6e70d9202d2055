"""Proving a vector rule one returned lane at a time (transforms/lanes.py): the split is
taken only where the lanes are independent, each lane's slice computes what the whole
function computes in that lane, and a wrong rule is still refuted."""

from __future__ import annotations

import copy
import importlib.util

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from transforms.base import FP_SEMANTICS, Param, Rule, TypeInfo
from transforms.lanes import NotLaneWise, lane_slice, split_lanes
from transforms.prove import prove_rule
from transforms.registry import get_rule
from vecverify.checker import check_pair
from vecverify.ir.function import Function
from vecverify.ir.types import IntType, VectorType
from vecverify.ir.values import ConstInt, ExtractElement, Ret
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions
from vecverify.semantics.concrete import evaluate

HAVE_FP = importlib.util.find_spec(FP_SEMANTICS) is not None


def _pair(src_body: str, tgt_body: str, params: str = "i32 %a, i32 %b", ret: str = "<2 x i32>"):  # noqa: ANN202
    text = (f"define {ret} @src({params}) {{\n{src_body}\n}}\n"
            f"define {ret} @tgt({params}) {{\n{tgt_body}\n}}\n")
    m = parse_module(text, "<test>")
    return m.functions["src"], m.functions["tgt"]


GATHER = """  %v0 = insertelement <2 x i32> poison, i32 %x0, i32 0
  %r = insertelement <2 x i32> %v0, i32 %x1, i32 1
  ret <2 x i32> %r"""


def test_lanes_sharing_an_argument_are_not_split() -> None:
    # Both source lanes read %a: an undef %a is one choice per use here, but the split
    # does not rely on that: lanes must not share an argument at all.
    src, tgt = _pair("  %x0 = add i32 %a, %b\n  %x1 = sub i32 %a, %b\n" + GATHER,
                     "  %x0 = add i32 %a, %b\n  %x1 = sub i32 %a, %b\n" + GATHER)
    with pytest.raises(NotLaneWise, match="share"):
        split_lanes(src, tgt)


VECTOR_PARAMS = "<2 x i32> %a, <2 x i32> %b"
VECTOR_RET = "  ret <2 x i32> %r"


def test_lanes_reading_other_lanes_of_one_argument_are_split() -> None:
    # Each lane of a vector argument is an input of its own (value, poison and undef bit,
    # a fresh undef value per use): lane 0 reads %a[1], lane 1 reads %a[0].
    body = ("  %x = extractelement <2 x i32> %a, i64 1\n  %y = extractelement <2 x i32> %a, i64 0\n"
            "  %v = insertelement <2 x i32> poison, i32 %x, i64 0\n  %r = insertelement <2 x i32> %v, i32 %y, i64 1\n"
            + VECTOR_RET)
    src, tgt = _pair(body, "  %r = shufflevector <2 x i32> %a, <2 x i32> %b, <2 x i32> <i32 1, i32 0>\n" + VECTOR_RET,
                     params=VECTOR_PARAMS, ret="<2 x i32>")
    assert len(split_lanes(src, tgt)) == 2


def test_lanes_reading_one_lane_of_an_argument_are_not_split() -> None:
    body = ("  %x = extractelement <2 x i32> %a, i64 0\n"
            "  %v = insertelement <2 x i32> poison, i32 %x, i64 0\n  %r = insertelement <2 x i32> %v, i32 %x, i64 1\n"
            + VECTOR_RET)
    src, tgt = _pair(body, "  %r = shufflevector <2 x i32> %a, <2 x i32> %b, <2 x i32> <i32 0, i32 0>\n" + VECTOR_RET,
                     params=VECTOR_PARAMS, ret="<2 x i32>")
    with pytest.raises(NotLaneWise, match="share"):
        split_lanes(src, tgt)


@pytest.mark.parametrize(("rule", "expected"), [("recurrence.splice", "correct"),
                                                ("recurrence.splice-mask-plus-one", "incorrect")])
def test_a_split_splice_gets_the_whole_splice_verdict(rule: str, expected: str) -> None:
    """The splice's lanes each move one lane of %prev or %cur: split, each lane's verdict
    (identical sides need no solver) and the whole pair's agree."""
    r = get_rule(rule)
    assert r.lane_split
    src, tgt = r.obligation("<4 x i8>").functions()
    options = CheckOptions(timeout_ms=20_000, undef_inputs=True, poison_inputs=True)
    assert check_pair(src, tgt, options).status == expected
    lanes = [check_pair(a, b, options).status for a, b in split_lanes(src, tgt)]
    assert ("incorrect" in lanes) == (expected == "incorrect") and len(lanes) == 4
    result = prove_rule(r, "<4 x i8>")
    assert result.result == ("proved" if expected == "correct" else "refuted")


@pytest.mark.parametrize("op", ["udiv", "sdiv", "urem", "srem"])
def test_trapping_operations_are_not_split(op: str) -> None:
    body = f"  %x0 = {op} i32 %a, 3\n  %x1 = add i32 %b, 1\n" + GATHER
    src, tgt = _pair(body, body)
    with pytest.raises(NotLaneWise, match="not lane-wise"):
        split_lanes(src, tgt)


def test_memory_is_not_split() -> None:
    body = "  %x0 = load i32, ptr %p\n  %x1 = add i32 %b, 1\n" + GATHER
    src, tgt = _pair(body, body, params="ptr %p, i32 %b")
    with pytest.raises(NotLaneWise):
        split_lanes(src, tgt)


def test_a_slice_computes_its_lane() -> None:
    """Run the whole alternating rule and each lane's slice on the same inputs: the slice
    returns that lane of the whole (and computes only what flows into it)."""
    src, tgt = get_rule("shuffle.add-sub").obligation("<4 x i32>").functions()
    args = [3, 10, 2**32 - 7, 40, 5, 6, 7, 8]
    for fn in (src, tgt):
        whole = evaluate(fn, args).lanes
        for lane in range(4):
            piece = lane_slice(fn, lane)
            assert evaluate(piece, args).lanes == [whole[lane]]
            # the other lanes' operations are gone or get constants
            assert len(piece.blocks[0].instructions) <= len(fn.blocks[0].instructions) + 1


def _blend(mask: str) -> Rule:
    even, odd = "add", "sub"

    def scalar(t):  # noqa: ANN001, ANN202
        return "\n".join([f"%s0 = {even} i32 %a0, %b0", f"%s1 = {odd} i32 %a1, %b1",
                          "%v0 = insertelement <2 x i32> poison, i32 %s0, i32 0",
                          "%r = insertelement <2 x i32> %v0, i32 %s1, i32 1"])

    def vector(t):  # noqa: ANN001, ANN202
        return "\n".join(["%x0 = insertelement <2 x i32> poison, i32 %a0, i32 0",
                          "%x = insertelement <2 x i32> %x0, i32 %a1, i32 1",
                          "%y0 = insertelement <2 x i32> poison, i32 %b0, i32 0",
                          "%y = insertelement <2 x i32> %y0, i32 %b1, i32 1",
                          f"%e = {even} <2 x i32> %x, %y", f"%o = {odd} <2 x i32> %x, %y",
                          f"%r = shufflevector <2 x i32> %e, <2 x i32> %o, <2 x i32> {mask}"])

    params = tuple(Param(n, type="i32") for n in ("a0", "a1", "b0", "b1"))
    return Rule("test.blend", "test", "", ("<2 x i32>",), params, scalar, vector, lane_split=True)


def test_split_proof_proves_the_right_blend_and_refutes_a_wrong_one() -> None:
    right = prove_rule(_blend("<i32 0, i32 3>"), "<2 x i32>")
    assert right.result == "proved" and right.cases == 2
    wrong = prove_rule(_blend("<i32 0, i32 1>"), "<2 x i32>")  # lane 1 takes the add
    assert wrong.result == "refuted" and "lane 1" in wrong.detail
    assert wrong.counterexample and "Example:" in wrong.counterexample


@pytest.mark.skipif(not HAVE_FP, reason="vecverify.semantics.floating is not there yet")
def test_float_blend_is_proved_lane_by_lane() -> None:
    r = prove_rule(get_rule("shuffle.fsub-fmul"), "<4 x float>")
    assert r.result == "proved" and r.cases == 4
    # an fmuladd lane next to an fmul lane: timed out as a vector slice (its fusion
    # choice among the other lanes'), a scalar call as a scalar slice
    r = prove_rule(get_rule("shuffle.fmuladd-fmul"), "<4 x float>")
    assert r.result == "proved" and r.cases == 4


def _whole_lane(fn: Function, lane: int) -> Function:
    """``fn`` followed by ``extractelement`` of the returned lane: what a slice claims to be."""
    out = copy.deepcopy(fn)
    insts = out.blocks[0].instructions
    ret = insts[-1]
    assert isinstance(out.ret_type, VectorType)
    picked = ExtractElement(out.ret_type.elem, "picked", [ret.operands[0], ConstInt(IntType(64), lane)])
    out.blocks[0].instructions = insts[:-1] + [picked, Ret(ret.type, None, [picked])]
    out.ret_type = out.ret_type.elem
    return out


def test_a_scalar_slice_is_its_lane_exactly() -> None:
    """The slice computes on scalars: each lane's slice and the whole function's lane
    refine each other (undef and poison inputs included), checked by the solver."""
    options = CheckOptions(timeout_ms=20_000, undef_inputs=True, poison_inputs=True)
    for fn in get_rule("shuffle.add-sub").obligation("<4 x i32>").functions():
        for lane in range(4):
            piece, whole = lane_slice(fn, lane), _whole_lane(fn, lane)
            assert not any(isinstance(i.type, VectorType) for i in piece.instructions())
            assert check_pair(piece, whole, options).status == "correct"
            assert check_pair(whole, piece, options).status == "correct"


_FLOAT_BITS = st.one_of(st.integers(0, 2**32 - 1),
                        st.sampled_from([0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 1, 0x3F800000]))


@pytest.mark.skipif(not HAVE_FP, reason="vecverify.semantics.floating is not there yet")
@settings(max_examples=15, deadline=None)
@given(rule=st.sampled_from(["shuffle.fsub-fmul", "shuffle.fmuladd-fmul"]),
       args=st.lists(_FLOAT_BITS, min_size=12, max_size=12))
def test_a_float_slice_computes_its_lane(rule: str, args: list[int]) -> None:
    """On any float inputs (NaNs, infinities, zeros of both signs), each lane's scalar
    slice gives what the whole vector function gives in that lane (None: a choice)."""
    r = get_rule(rule)
    params = r.params_for(TypeInfo("<4 x float>"))
    for fn in r.obligation("<4 x float>").functions():
        given_args = args[:len(params)]
        whole = evaluate(fn, given_args).lanes
        for lane in range(4):
            assert evaluate(lane_slice(fn, lane), given_args).lanes == [whole[lane]]
