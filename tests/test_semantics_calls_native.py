"""The semantics of saturating shifts, C library functions LLVM knows (ffs, fabs) and
llvm.canonicalize against LLVM's own code generator, on operands biased to the edges:
where the semantics say the result is defined, native code gives the same bits."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vecverify.execute import execute
from vecverify.llvm import parse_module
from vecverify.semantics.concrete import evaluate


def edge_ints(w: int) -> st.SearchStrategy[int]:
    mask = (1 << w) - 1
    edges = sorted({0, 1, 2, mask, 1 << (w - 1), (1 << (w - 1)) - 1, w - 1, w})
    return st.one_of(st.sampled_from([e & mask for e in edges]), st.integers(0, mask))


def _agree(text: str, args: list[int]) -> None:
    fn = parse_module(text, "case.ll").functions["f"]
    ev = evaluate(fn, args)
    if ev.ub or ev.lanes[0].poison:
        return
    native = execute(text, "f", args).value
    assert native == ev.lanes[0].value, f"{text}\nargs {args}: native {native:#x}, semantics {ev.lanes[0].value}"


@pytest.mark.parametrize("op", ["sshl.sat", "ushl.sat"])
@pytest.mark.parametrize("w", [8, 32])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_saturating_shifts_match_native(op: str, w: int, data: st.DataObject) -> None:
    x, y = data.draw(edge_ints(w)), data.draw(st.integers(0, w + 1))
    text = (f"declare i{w} @llvm.{op}.i{w}(i{w}, i{w})\n"
            f"define i{w} @f(i{w} %x, i{w} %y) {{\n  %r = call i{w} @llvm.{op}.i{w}(i{w} %x, i{w} %y)\n"
            f"  ret i{w} %r\n}}\n")
    _agree(text, [x, y])


@pytest.mark.parametrize(("name", "w"), [("ffs", 32), ("ffsll", 64)])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_ffs_matches_native(name: str, w: int, data: st.DataObject) -> None:
    x = data.draw(st.one_of(edge_ints(w), st.integers(0, w - 1).map(lambda k: 1 << k)))
    text = (f"declare i32 @{name}(i{w})\n"
            f"define i32 @f(i{w} %x) {{\n  %r = call i32 @{name}(i{w} %x)\n  ret i32 %r\n}}\n")
    _agree(text, [x])


FLOATS = [0x00000000, 0x80000000, 0x3F800000, 0x7F800000, 0xFF800000, 0x00000001, 0x7F7FFFFF]


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.sampled_from(FLOATS), st.integers(0, 2**32 - 1)))
def test_fabsf_and_canonicalize_match_native(bits: int) -> None:
    for call in ("call float @fabsf(float %x)", "call float @llvm.canonicalize.f32(float %x)"):
        text = ("declare float @fabsf(float)\ndeclare float @llvm.canonicalize.f32(float)\n"
                f"define float @f(float %x) {{\n  %r = {call}\n  ret float %r\n}}\n")
        fn = parse_module(text, "case.ll").functions["f"]
        expected = evaluate(fn, [bits]).lanes[0].value
        native = execute(text, "f", [bits]).value
        if expected is None:  # a NaN chosen among the allowed ones: canonicalize quiets it
            (value,) = struct.unpack("<f", struct.pack("<I", native))
            assert value != value and native & 0x00400000, hex(native)
            continue
        assert native == expected, f"{call} of {bits:#x}: native {native:#x}, semantics {expected:#x}"
