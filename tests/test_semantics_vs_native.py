"""The semantics against LLVM's own code generator: where the semantics say an
instruction has no UB and no poison, the native result is the semantics' value, bit for
bit. Hypothesis draws operands biased to the edges (0, 1, -1, INT_MIN, INT_MAX, powers
of two); every draw the semantics call undefined is counted, so a check that skips
almost everything shows."""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from vecverify.execute import execute
from vecverify.llvm import parse_module
from vecverify.semantics.concrete import evaluate

WIDTHS = (1, 8, 16, 32, 64)
BINOPS = (
    "add", "add nsw", "add nuw", "sub", "sub nsw", "mul", "mul nuw", "udiv", "sdiv", "urem", "srem",
    "shl", "shl nsw", "lshr", "lshr exact", "ashr", "and", "or", "or disjoint", "xor",
)
PREDS = ("eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle")


def operands(w: int) -> st.SearchStrategy[int]:
    mask = (1 << w) - 1
    edges = st.sampled_from(sorted({0, 1, mask, 1 << (w - 1), (1 << (w - 1)) - 1, 2 & mask}))
    powers = st.integers(0, w - 1).map(lambda k: 1 << k)
    return st.one_of(edges, powers, st.integers(0, mask))


@st.composite
def binop_case(draw: st.DrawFn) -> tuple[str, int, int, int]:
    w = draw(st.sampled_from(WIDTHS))
    op = draw(st.sampled_from(BINOPS))
    return op, w, draw(operands(w)), draw(operands(w))


def _compare(text: str, args: list[int]) -> None:
    fn = parse_module(text, "case.ll").functions["f"]
    ev = evaluate(fn, args)
    if ev.ub or any(lane.poison for lane in ev.lanes):
        event("skipped: UB or poison per the semantics")
        return
    assert ev.ub is False
    native = execute(text, "f", args).value
    expected = ev.lanes[0].value
    assert expected is not None
    assert native == expected, f"{text}\nargs {args}: native {native:#x}, semantics {expected:#x}"
    event("compared")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(binop_case())
def test_integer_binops_match_native(case: tuple[str, int, int, int]) -> None:
    op, w, a, b = case
    text = f"define i{w} @f(i{w} %a, i{w} %b) {{\n  %r = {op} i{w} %a, %b\n  ret i{w} %r\n}}\n"
    _compare(text, [a, b])


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(WIDTHS).flatmap(lambda w: st.tuples(st.just(w), st.sampled_from(PREDS), operands(w), operands(w))))
def test_icmp_matches_native(case: tuple[int, str, int, int]) -> None:
    w, pred, a, b = case
    text = f"define i1 @f(i{w} %a, i{w} %b) {{\n  %r = icmp {pred} i{w} %a, %b\n  ret i1 %r\n}}\n"
    _compare(text, [a, b])


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([(8, 16), (8, 32), (16, 64), (32, 64), (1, 8)]).flatmap(
    lambda ws: st.tuples(st.just(ws), st.sampled_from(["zext", "sext", "trunc"]), operands(ws[1]))
))
def test_casts_match_native(case: tuple[tuple[int, int], str, int]) -> None:
    (small, big), op, x = case
    if op == "trunc":
        src, dst, x = big, small, x
    else:
        src, dst, x = small, big, x & ((1 << small) - 1)
    text = f"define i{dst} @f(i{src} %x) {{\n  %r = {op} i{src} %x to i{dst}\n  ret i{dst} %r\n}}\n"
    _compare(text, [x])


FLOAT_EDGES = {
    "float": [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000, 0x00000001,
              0x007FFFFF, 0x7F7FFFFF, 0x7FC00000, 0x7F800001, 0x3EAAAAAB],
    "double": [0x0, 0x8000000000000000, 0x3FF0000000000000, 0x7FF0000000000000, 0x0000000000000001,
               0x7FEFFFFFFFFFFFFF, 0x7FF8000000000000, 0x7FF0000000000001, 0x3FD5555555555555],
}


def float_operands(t: str) -> st.SearchStrategy[int]:
    bits = 32 if t == "float" else 64
    return st.one_of(st.sampled_from(FLOAT_EDGES[t]), st.integers(0, (1 << bits) - 1))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["float", "double"]).flatmap(lambda t: st.tuples(
    st.just(t), st.sampled_from(["fadd", "fsub", "fmul", "fdiv", "frem"]), float_operands(t), float_operands(t)
)))
def test_float_binops_match_native(case: tuple[str, str, int, int]) -> None:
    """Where the result is not a NaN (whose payload the semantics leave open), the
    native bits are the semantics' bits; a NaN result must be a NaN natively too."""
    t, op, a, b = case
    text = f"define {t} @f({t} %a, {t} %b) {{\n  %r = {op} {t} %a, %b\n  ret {t} %r\n}}\n"
    fn = parse_module(text, "case.ll").functions["f"]
    ev = evaluate(fn, [a, b])
    native = execute(text, "f", [a, b]).value
    expected = ev.lanes[0].value
    if expected is None:  # a NaN chosen among the allowed ones
        bits = 32 if t == "float" else 64
        exp_mask = ((1 << (bits - 1)) - 1) & ~((1 << (23 if t == "float" else 52)) - 1)
        assert native & exp_mask == exp_mask and native & ((1 << (23 if t == "float" else 52)) - 1), hex(native)
        event("NaN result")
        return
    assert native == expected, f"{op} {a:#x} {b:#x}: native {native:#x}, semantics {expected:#x}"
    event("compared")


POWERS_OF_TWO = {
    "float": [0x3F000000, 0x40800000, 0xC1000000, 0x7F000000, 0x00800000, 0x00400000, 0x00000001, 0x3F800000],
    "double": [0x3FE0000000000000, 0x4010000000000000, 0xC020000000000000, 0x7FE0000000000000,
               0x0010000000000000, 0x0008000000000000, 0x0000000000000001],
}


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["float", "double"]).flatmap(lambda t: st.tuples(
    st.just(t), st.sampled_from(POWERS_OF_TWO[t]), float_operands(t)
)))
def test_fdiv_by_constant_power_of_two_matches_native(case: tuple[str, int, int]) -> None:
    """fdiv by a constant power of two is encoded as a multiplication by the reciprocal
    where that is exact (and as a division where it is not: the smallest subnormals):
    both must give the hardware's division bit for bit."""
    t, divisor, a = case
    constant = f"0x{divisor:016X}" if t == "double" else f"0x{_float_as_double(divisor):016X}"
    text = f"define {t} @f({t} %a) {{\n  %r = fdiv {t} %a, {constant}\n  ret {t} %r\n}}\n"
    fn = parse_module(text, "case.ll").functions["f"]
    expected = evaluate(fn, [a]).lanes[0].value
    native = execute(text, "f", [a]).value
    if expected is None:
        event("NaN result")
        return
    assert native == expected, f"fdiv {a:#x}, {divisor:#x}: native {native:#x}, semantics {expected:#x}"


def _float_as_double(bits: int) -> int:
    """LLVM IR writes float constants as the double with the same value."""
    import struct

    (value,) = struct.unpack("<f", struct.pack("<I", bits))
    return struct.unpack("<Q", struct.pack("<d", value))[0]
