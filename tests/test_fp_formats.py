"""bfloat and fp128: the semantics against reference conversions written here from the
formats' definitions (LLVM 22's JIT cannot run these types natively: see execute/support.py),
and their constants as LLVM writes them."""

from __future__ import annotations

import struct

from hypothesis import given
from hypothesis import strategies as st

from vecverify.llvm import parse_module
from vecverify.semantics.concrete import evaluate

FLOAT_BITS = st.integers(0, (1 << 32) - 1).filter(lambda b: (b >> 23) & 0xFF != 0xFF)  # no NaN/inf
DOUBLE_BITS = st.integers(0, (1 << 64) - 1).filter(lambda b: (b >> 52) & 0x7FF != 0x7FF)


def _one(text: str, arg: int) -> int:
    fn = parse_module(text).functions["f"]
    ev = evaluate(fn, [arg])
    assert not ev.ub and ev.lanes[0].value is not None
    return int(ev.lanes[0].value)


def _bfloat_rne(bits: int) -> int:
    """float -> bfloat, rounding to nearest even: add half an ulp of bfloat (less one,
    plus the kept lowest bit, which breaks ties to even) and keep the top 16 bits; a carry
    moves into the exponent as rounding up should (up to infinity)."""
    return (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16


def _double_to_fp128(bits: int) -> int:
    sign, field, frac = bits >> 63, (bits >> 52) & 0x7FF, bits & ((1 << 52) - 1)
    if field == 0 and frac == 0:
        return sign << 127
    if field == 0:  # subnormal double: normalize (fp128 has the range for it)
        shift = 53 - frac.bit_length()
        frac = (frac << shift) & ((1 << 52) - 1)
        exponent = 1 - 1023 - shift
    else:
        exponent = field - 1023
    return sign << 127 | (exponent + 16383) << 112 | frac << 60


@given(FLOAT_BITS)
def test_fptrunc_to_bfloat_rounds_to_nearest_even(bits: int) -> None:
    text = "define i16 @f(i32 %i) {\n  %x = bitcast i32 %i to float\n  %t = fptrunc float %x to bfloat\n" \
           "  %r = bitcast bfloat %t to i16\n  ret i16 %r\n}\n"
    assert _one(text, bits) == _bfloat_rne(bits)


@given(st.integers(0, 0xFFFF).filter(lambda b: (b >> 7) & 0xFF != 0xFF))
def test_fpext_from_bfloat_is_exact(bits: int) -> None:
    text = "define i32 @f(i16 %i) {\n  %x = bitcast i16 %i to bfloat\n  %e = fpext bfloat %x to float\n" \
           "  %r = bitcast float %e to i32\n  ret i32 %r\n}\n"
    assert _one(text, bits) == bits << 16


@given(DOUBLE_BITS)
def test_fpext_double_to_fp128_is_exact(bits: int) -> None:
    text = "define i128 @f(i64 %i) {\n  %x = bitcast i64 %i to double\n  %e = fpext double %x to fp128\n" \
           "  %r = bitcast fp128 %e to i128\n  ret i128 %r\n}\n"
    assert _one(text, bits) == _double_to_fp128(bits)


def test_constants_as_llvm_writes_them() -> None:
    m = parse_module("define fp128 @f(bfloat %b) {\n  %c = fcmp oeq bfloat %b, 0xR4040\n"
                     "  %r = select i1 %c, fp128 0xL0000000000000000C000000000000000, fp128 0xL1\n"
                     "  ret fp128 %r\n}\n")
    select = m.functions["f"].blocks[0].instructions[1]
    assert [op.ref() for op in select.operands[1:]] == [
        "0xL0000000000000000C000000000000000", "0xL00000000000000000000000000000001"]  # LLVM's reading
    assert m.functions["f"].blocks[0].instructions[0].operands[1].ref() == "0xR4040"
    # -2.0 in fp128 is the sign, the exponent 0x4000, a zero fraction: high word first in value
    assert _double_to_fp128(struct.unpack("<Q", struct.pack("<d", -2.0))[0]) == 0xC000 << 112
