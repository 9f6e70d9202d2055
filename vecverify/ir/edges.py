"""Edge values of a type: the inputs where semantics most often go wrong (0, 1, 2, -1,
INT_MIN, INT_MAX; for floats +-0, 1, 2, 0.5, infinity, NaNs, the smallest subnormal,
the largest finite). Every input generator of the core draws from these: the solver's
first guesses (semantics/inputs.py), native runs (execute/inputs.py, which
check --exec and the vectorizers' runs share), the loop kernels' inputs (properties/kernel.py); the Hypothesis
strategies draw from every named encoding (``float_specials``)."""

from __future__ import annotations

from .floats import special_encodings
from .types import FloatType

FLOAT_EDGE_NAMES = ("zero", "one", "two", "infinity", "quiet NaN", "signalling NaN 1",
                    "smallest subnormal", "largest finite", "0.5")


def int_edges(bits: int) -> list[int]:
    """0, 1, 2, -1, INT_MIN and INT_MAX of an ``bits``-bit integer, as unsigned values."""
    mask = (1 << bits) - 1
    return sorted({0, 1, 2 & mask, mask, 1 << (bits - 1), (1 << (bits - 1)) - 1})


def float_edges(t: FloatType) -> list[int]:
    """The encodings of the named edge values, positive then negative."""
    named = special_encodings(t)
    positive = [named[k] for k in FLOAT_EDGE_NAMES]
    return positive + [p | (1 << (t.bits - 1)) for p in positive]


def float_specials(t: FloatType) -> list[int]:
    """Every named encoding of ``t`` (floats.special_encodings: the edges, NaN payloads,
    the binade and subnormal boundaries, ties), positive then negative."""
    positive = list(special_encodings(t).values())
    return positive + [p | (1 << (t.bits - 1)) for p in positive]
