"""Hypothesis strategies for operand values, biased to the edges where semantics go
wrong: 0, 1, -1, INT_MIN, INT_MAX, powers of two and their negations, small numbers,
numbers of every magnitude (so that overflow flags are sometimes set, sometimes not);
for floats, signed zeros, infinities, quiet and signalling NaNs with payloads,
subnormals, the largest and smallest normals, halves (rounding ties), and integers (and
integers plus a fraction) of every magnitude (conversions to integers of any width).

Values are bit patterns: integers unsigned, floats their IEEE encoding.
"""

from __future__ import annotations

import struct

import numpy as np
from hypothesis import strategies as st

from vecverify.ir.edges import float_specials
from vecverify.ir.types import FLOAT_TYPES, FloatType


def int_values(w: int) -> st.SearchStrategy[int]:
    mask = (1 << w) - 1
    edges = sorted({0, 1, 2 & mask, mask, (mask - 1) & mask, 1 << (w - 1), (1 << (w - 1)) - 1, (1 << (w - 1)) + 1 & mask})
    return st.one_of(
        st.sampled_from(edges),
        st.integers(0, w - 1).map(lambda k: 1 << k),
        st.integers(0, w - 1).map(lambda k: -(1 << k) & mask),
        st.integers(-16, 16).map(lambda x: x & mask),
        st.integers(0, w).flatmap(lambda k: st.integers(0, (1 << k) - 1)).flatmap(
            lambda x: st.sampled_from([x, -x & mask])
        ),
        st.integers(0, mask),
    )


def shift_amounts(w: int) -> st.SearchStrategy[int]:
    """Mostly in range (an amount >= the width is poison, which is not compared)."""
    mask = (1 << w) - 1
    return st.one_of(st.integers(0, w - 1), st.integers(0, w - 1), st.integers(0, w - 1),
                     st.sampled_from(sorted({w & mask, (w + 1) & mask, mask})), st.integers(0, mask))


def divisors(w: int) -> st.SearchStrategy[int]:
    """Rarely zero (division by zero is UB: the draw is not compared)."""
    return st.one_of(int_values(w).map(lambda x: x or 1), int_values(w).map(lambda x: x or 1), st.just(0))


def float_bits(x: float, t: FloatType) -> int:
    """The encoding of ``x`` rounded to ``t`` (to nearest, ties to even)."""
    if t.bits == 64:
        return int(struct.unpack("<Q", struct.pack("<d", x))[0])
    with np.errstate(over="ignore"):  # too large: infinity
        if t.bits == 32:
            return int(np.array(x, dtype=np.float32).view(np.uint32))
        return int(np.array(x, dtype=np.float16).view(np.uint16))


def float_values(t: FloatType) -> st.SearchStrategy[int]:
    sign = 1 << (t.bits - 1)
    exp_all = ((1 << t.ebits) - 1) << (t.sbits - 1)
    quiet = 1 << (t.sbits - 2)
    specials = [0, sign, exp_all, exp_all | sign, exp_all | quiet, exp_all | quiet | sign, exp_all | 1]
    # Small magnitudes often (ties like 2.5 exist only there), any up to 2**66 too.
    mag = st.one_of(st.integers(0, 6), st.integers(0, 66)).flatmap(lambda k: st.integers(0, (1 << k) - 1))
    integral = st.tuples(mag, st.booleans(), st.sampled_from([0.5, 0.0, 0.25, 0.75])).map(
        lambda p: float_bits((-1 if p[1] else 1) * (float(p[0]) + p[2]), t)
    )
    # Powers of two and their neighbours: the bounds of every integer width, the
    # boundaries between binades and of the subnormals.
    power = st.tuples(st.integers(-(1 << (t.ebits - 1)) - t.sbits, 1 << (t.ebits - 1)), st.booleans(),
                      st.integers(-1, 1)).map(lambda p: _power_bits(p[0], p[1], p[2], t))
    payload_nan = st.tuples(st.booleans(), st.booleans(), st.integers(1, (1 << (t.sbits - 2)) - 1)).map(
        lambda p: (p[0] << (t.bits - 1)) | exp_all | (p[1] << (t.sbits - 2)) | p[2]
    )
    return st.one_of(st.sampled_from(specials), st.sampled_from(specials), st.sampled_from(float_specials(t)),
                     integral, power, payload_nan,
                     st.integers(0, (1 << t.bits) - 1))


def _power_bits(k: int, negative: bool, step: int, t: FloatType) -> int:
    """The encoding of +-2**k (rounded into the format), moved ``step`` encodings away."""
    bits = float_bits(2.0 ** max(min(k, 1023), -1074), t)
    bits = min(max(bits + step, 0), ((1 << t.ebits) - 1) << (t.sbits - 1))  # stay a number or infinity
    return bits | ((1 << (t.bits - 1)) if negative else 0)


def lane_values(elem: str) -> st.SearchStrategy[int]:
    if elem in FLOAT_TYPES:
        return float_values(FLOAT_TYPES[elem])
    return int_values(int(elem[1:]))
