"""The interleaved load combine's mutants: the combine with one wrong ingredient
(transforms/mutants.py)."""

from __future__ import annotations

from vecverify.ir.function import Function

from ..mutants import Apply, Mutant
from .combine import Knobs, combine


def _interleave(knobs: Knobs) -> Apply:
    """The interleaved load combine with one wrong ingredient."""

    def apply(fn: Function) -> Function | None:
        result = combine(fn, knobs)
        return None if result is None else result.function

    return apply


def _swap_first_two(f: int) -> list[int]:
    return [1, 0, *range(2, f)]


def mutants() -> list[Mutant]:
    from properties.strategies import KernelProfile  # Hypothesis: only for campaigns

    # Shuffle trees of every factor and type, small enough that each program proves quickly.
    _INTERLEAVE_PROFILE = KernelProfile(shuffle_trees=1.0, max_lanes=8)
    return [
        Mutant("interleave:stride-off-by-one", "interleave", "strided shuffles <j, j+F-1, ...>: stride F-1",
               make=_interleave(Knobs(stride_delta=-1)), profile=_INTERLEAVE_PROFILE),
        Mutant("interleave:member-order-swapped", "interleave", "members 0 and 1 get each other's shuffles",
               make=_interleave(Knobs(member_order=_swap_first_two)), profile=_INTERLEAVE_PROFILE),
        Mutant("interleave:reads-past-end", "interleave",
               "the wide load starts one element late: it reads one element past the last narrow load",
               make=_interleave(Knobs(start_delta=1)), profile=_INTERLEAVE_PROFILE),
    ]
