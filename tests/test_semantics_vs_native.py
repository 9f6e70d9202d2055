"""The semantics against LLVM's own code generator (properties/crosscheck.py): for every
instruction family the semantics model, Hypothesis draws batches of cases (widths
1..64, half/float/double, 1..16 lanes, operands biased to the edges); each batch is
compiled into one module and every case must give natively a result the semantics
allow, bit for bit wherever they define it. How many cases were skipped as UB or
all-poison is tallied per family (printed at the end of the session) and must stay low:
a check that skips almost everything tests nothing."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from properties.crosscheck import FAMILIES, FLOAT_INTRINSICS, TALLIES, Case, Tally, run_batch
from properties.operands import float_bits
from vecverify.execute import execute
from vecverify.ir.types import DOUBLE, FLOAT, FloatType
from vecverify.llvm import parse_module
from vecverify.semantics.concrete import evaluate

BATCH = 25
EXAMPLES = int(os.environ.get("VECVERIFY_CROSSCHECK_EXAMPLES", "20"))  # per family; more for a longer campaign
BATCH_OF = {"program": 4}  # programs of up to 40 instructions: fewer per module
MAX_SKIP_RATE = 0.5
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_semantics_allow_the_native_result(family: str) -> None:
    tally = TALLIES.setdefault(family, Tally())

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=SLOW)
    @given(st.lists(FAMILIES[family](), min_size=1, max_size=BATCH_OF.get(family, BATCH)))
    def check(cases: list[Case]) -> None:
        run_batch(cases, tally)

    check()
    assert tally.counts["compared cases"] > 0, tally.summary()
    assert tally.skip_rate <= MAX_SKIP_RATE, f"{family}: {tally.summary()}"


POWERS_OF_TWO = {
    "float": [0x3F000000, 0x40800000, 0xC1000000, 0x7F000000, 0x00800000, 0x00400000, 0x00000001, 0x3F800000],
    "double": [0x3FE0000000000000, 0x4010000000000000, 0xC020000000000000, 0x7FE0000000000000,
               0x0010000000000000, 0x0008000000000000, 0x0000000000000001],
}


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["float", "double"]).flatmap(lambda t: st.tuples(
    st.just(t), st.sampled_from(POWERS_OF_TWO[t]), st.integers(0, (1 << (32 if t == "float" else 64)) - 1)
)))
def test_fdiv_by_constant_power_of_two_matches_native(case: tuple[str, int, int]) -> None:
    """fdiv by a constant power of two is encoded as a multiplication by the reciprocal
    where that is exact (and as a division where it is not: the smallest subnormals):
    both must give the hardware's division bit for bit."""
    t, divisor, a = case
    constant = f"0x{divisor:016X}" if t == "double" else f"0x{_float_as_double(divisor):016X}"
    text = f"define {t} @f({t} %a) {{\n  %r = fdiv {t} %a, {constant}\n  ret {t} %r\n}}\n"
    fn = parse_module(text, "case.ll").functions["f"]
    ev = evaluate(fn, [a])
    native = execute(text, "f", [a]).value
    assert ev.allows([native]), f"fdiv {a:#x}, {divisor:#x}: native {native:#x}, semantics {ev.lanes[0]}"


def _float_as_double(bits: int) -> int:
    """LLVM IR writes float constants as the double with the same value."""
    import struct

    (value,) = struct.unpack("<f", struct.pack("<I", bits))
    return int(struct.unpack("<Q", struct.pack("<d", value))[0])


def test_a_wrong_result_is_caught() -> None:
    """The comparison itself: a native value the semantics do not allow fails, a NaN
    payload they allow passes."""
    text = "define float @f(float %a, float %b) {\n  %r = fadd float %a, %b\n  ret float %r\n}\n"
    fn = parse_module(text, "case.ll").functions["f"]
    inf, minus_inf = 0x7F800000, 0xFF800000
    ev = evaluate(fn, [inf, minus_inf])  # inf + -inf: a NaN, payload free
    assert ev.lanes[0].value is None
    assert ev.allows([0x7FC00000]) and ev.allows([0xFFC00000])
    assert not ev.allows([0x7FC00001])  # a payload no operand has
    assert not ev.allows([inf])
    ev = evaluate(fn, [0x3F800000, 0x3F800000])
    assert ev.allows([0x40000000]) and not ev.allows([0x40000001])


GRID_TYPES = {"float": FLOAT, "double": DOUBLE}


def _grid(t: FloatType) -> list[int]:
    """Every sign of zero, a half, one and a half, two and a half, the smallest
    subnormal, the largest finite, infinity, a quiet and a signalling NaN."""
    out = [float_bits(v, t) for v in (0.0, 0.5, 1.5, 2.5)]
    exp_all = ((1 << t.ebits) - 1) << (t.sbits - 1)
    out += [1, exp_all, exp_all | (1 << (t.sbits - 2)) | 3, exp_all | 5]
    sign = 1 << (t.bits - 1)
    return out + [x | sign for x in out]


@pytest.mark.parametrize("elem", sorted(GRID_TYPES))
def test_float_intrinsics_on_the_edge_grid(elem: str) -> None:
    """Every float intrinsic on every pair of edge values (rounding ties, signed zeros,
    NaNs), as vectors of 16 lanes: what random draws meet only rarely."""
    t = GRID_TYPES[elem]
    grid = _grid(t)
    pairs = [(a, b) for a in grid for b in grid]
    cases = []
    for kind, count in sorted(FLOAT_INTRINSICS.items()):
        if kind == "is.fpclass":
            continue
        vt = f"<16 x {elem}>"
        name = f"llvm.{kind}.v16{ {'half': 'f16', 'float': 'f32', 'double': 'f64'}[elem] }".replace(" ", "")
        params = ", ".join(f"{vt} %{c}" for c in "abc"[:count])
        call = f"%r = call {vt} @{name}({params})"
        body = f"define {vt} @__fn__({params}) {{\n  {call}\n  ret {vt} %r\n}}\n"
        lenient = body.replace("call ", "call nsz ", 1) if kind in ("minnum", "maxnum") else None
        decl = f"declare {vt} @{name}({', '.join([vt] * count)})"
        chunks = pairs if count > 1 else [(a, a) for a in grid]
        for k in range(0, len(chunks), 16):
            part = (chunks[k : k + 16] * 16)[:16]
            a = [x for x, _ in part]
            b = [y for _, y in part]
            args = (a, b, b[::-1])[:count]
            cases.append(Case("float intrinsic grid", body, tuple(args), (), (decl,), lenient))
    tally = TALLIES.setdefault("float intrinsic grid", Tally())
    for k in range(0, len(cases), 60):
        run_batch(cases[k : k + 60], tally)
