"""Loops in the checker: what a verdict on a function with loops covers.

``check_loops(src, tgt, options)`` is the refinement check for a pair of functions of
which one has a loop: with ``options.loops == "prove"`` a witness is inferred from the
target's shape (``infer.py``) and, where its obligations are discharged, the verdict is
``correct`` for every trip count; otherwise (or with ``loops == "bounded"``) the bounded
check runs, and its verdict says what it covered (``bounded.py``). Functions without
loops get the plain check.
"""

from __future__ import annotations

from ..ir.function import Function
from ..refine import CheckOptions, Verdict, check_refinement
from .bounded import MAX_AUTO_UNROLL, check_bounded


def has_loops(fn: Function) -> bool:
    return bool(fn.back_edges())


def check_loops(src: Function, tgt: Function, options: CheckOptions) -> Verdict:
    if not (has_loops(src) or has_loops(tgt)):
        return check_refinement(src, tgt, options)
    return check_bounded(src, tgt, options)


__all__ = ["MAX_AUTO_UNROLL", "check_bounded", "check_loops", "has_loops"]
