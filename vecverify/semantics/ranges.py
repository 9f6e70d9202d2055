"""The ``range(iN lo, hi)`` attribute (parameters, returns, call results): a value
outside ``[lo, hi)`` (wrapping around when ``lo > hi``) is poison, lane by lane."""

from __future__ import annotations

import z3

from .core import Lane, SymValue


def outside(value: z3.BitVecRef, rng: tuple[int, int, int]) -> z3.BoolRef:
    bits, lo, hi = rng
    mask = (1 << bits) - 1
    return z3.Not(z3.ULT(value - (lo & mask), (hi - lo) & mask))


def with_range(value: SymValue, rng: tuple[int, int, int] | None) -> SymValue:
    if rng is None:
        return value
    return tuple(Lane(lane.value, z3.Or(lane.poison, outside(lane.value, rng))) for lane in value)
