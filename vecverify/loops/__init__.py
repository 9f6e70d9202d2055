"""Loops in the checker: what a verdict on a function with loops covers.

``check_loops(src, tgt, options)`` is the refinement check for a pair of functions of
which one has a loop: with ``options.loops == "prove"`` a witness is inferred from the
target's shape (``infer.py``) and, where its obligations are discharged, the verdict is
``correct`` for every trip count; otherwise (or with ``loops == "bounded"``) the bounded
check runs, and its verdict says what it covered (``bounded.py``), with the reason no
witness was found. Functions without loops get the plain check (and this package's
modules are imported only for a function with a loop: a cold check's start-up).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..ir.function import Function
from ..refine import CheckOptions, Verdict, check_refinement

if TYPE_CHECKING:
    from .bounded import MAX_AUTO_UNROLL, check_bounded
    from .infer import Inferred


def has_loops(fn: Function) -> bool:
    return bool(fn.back_edges())


def check_loops(src: Function, tgt: Function, options: CheckOptions) -> Verdict:
    if not (has_loops(src) or has_loops(tgt)):
        return check_refinement(src, tgt, options)
    from .bounded import check_bounded
    from .infer import infer_and_prove
    from .refute import refute_by_trip_count

    if options.loops != "prove" or not has_loops(src):
        return check_bounded(src, tgt, options)
    start = time.monotonic()
    inferred = infer_and_prove(src, tgt, options.timeout_ms, options.deadline)
    if inferred.status == "proved":
        return _proved(src, tgt, options, inferred, start)
    if inferred.refutable and inferred.trip is not None:
        found = refute_by_trip_count(src, tgt, inferred.trip, inferred.lanes, options, options.timeout_ms)
        if found is not None:
            verdict, count = found
            verdict.witness = inferred.record()
            verdict.coverage = (f"refuted at trip count {count} (the arguments fixed there: every execution "
                                f"checked); the inferred witness failed: {inferred.reason}")
            verdict.seconds = time.monotonic() - start
            return verdict
    # no witness: the bounded check, reaching the vector loop's second iteration where
    # the shape was read and that is at most twice the bound asked for (an unrolling of
    # 10 or 34 iterations of a wide loop builds terms no solver finishes, if at all)
    reach = inferred.lanes + 2
    bound = reach if inferred.lanes and options.unroll < reach <= 2 * options.unroll else options.unroll
    verdict = check_bounded(src, tgt, replace(options, unroll=bound))
    verdict.witness = inferred.record()
    if verdict.loops in ("bounded", "vacuous") and inferred.reason:
        verdict.coverage += f"; not proved for every trip count: {inferred.reason}"
    verdict.seconds = time.monotonic() - start
    return verdict


def _proved(src: Function, tgt: Function, options: CheckOptions, inferred: Inferred, start: float) -> Verdict:
    """The verdict of a proved witness."""
    given = []
    if inferred.maybe_undef:
        given.append(f"for arguments that are not undef: {', '.join(inferred.maybe_undef)} may be undef, "
                     "which is not covered (poison is)")
    note = f" ({'; '.join(given)})" if given else ""
    v = Verdict("correct", unroll=0, has_loops=True, loops="proved",
                coverage=f"proved for every trip count (witness: {', '.join(n for n, st in inferred.checks if st == 'correct')}; "
                         f"VF*UF {inferred.lanes}){note}",
                witness=inferred.record())
    v.seconds = time.monotonic() - start
    return v


__all__ = ["MAX_AUTO_UNROLL", "check_bounded", "check_loops", "has_loops"]


def __getattr__(name: str) -> Any:
    """``MAX_AUTO_UNROLL`` and ``check_bounded``, from ``bounded.py`` at their first use."""
    if name in ("MAX_AUTO_UNROLL", "check_bounded"):
        from . import bounded

        return getattr(bounded, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
