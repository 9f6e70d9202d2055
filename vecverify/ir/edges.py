"""Edge values of a type: the inputs where semantics most often go wrong (0, 1, 2, -1,
INT_MIN, INT_MAX; for floats +-0, 1, 2, 0.5, infinity, NaNs, the smallest subnormal,
the largest finite). Every input generator of the core draws from these: the solver's
first guesses (semantics/inputs.py), native runs (execute/inputs.py, which
check --exec and the vectorizers' runs share), the fuzz kernels' inputs; the Hypothesis
strategies draw from every named encoding (``float_specials``).

``random_value`` is the one draw of a random value biased to them: every native run's
arguments (execute/inputs.py) and the straight-line fuzz kernels' input arrays
(properties/kernel.py). The loop kernels' arrays (properties/loops.py) are drawn for
their reference model (floating-point values exact in float and double)."""

from __future__ import annotations

import random
from typing import Any

from ..errors import Unsupported
from .floats import special_encodings
from .types import FloatType, IntType, Type, VectorType

EDGE_SHARE = 0.3  # of the values drawn, about this share are edge values
SMALL = 8  # small integers are drawn from -SMALL..SMALL

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


def random_value(t: Type, rng: random.Random, *, fp_edges: bool = True, small_ints: bool = True,
                 edge_share: float = EDGE_SHARE, small: int = SMALL) -> Any:
    """A random value of ``t`` as bits (a list of them for a vector): about ``edge_share``
    of them edge values (floating-point ones only with ``fp_edges``), of the other
    integers about 0.3 small ones (-``small``..``small``, with ``small_ints``), the rest
    uniform."""
    if isinstance(t, VectorType):
        return [random_value(t.elem, rng, fp_edges=fp_edges, small_ints=small_ints, edge_share=edge_share,
                             small=small) for _ in range(t.count)]
    if isinstance(t, IntType):
        if rng.random() < edge_share:
            return rng.choice(int_edges(t.bits))
        if small_ints and rng.random() < 0.3:
            return rng.randint(-small, small) & ((1 << t.bits) - 1)
        return rng.getrandbits(t.bits)
    if isinstance(t, FloatType):
        if fp_edges and rng.random() < edge_share:
            return rng.choice(float_edges(t))
        return rng.getrandbits(t.bits)
    raise Unsupported(f"random inputs of type {t}")
