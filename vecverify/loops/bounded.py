"""The bounded check of functions with loops, and what it covered.

The refinement check unrolls each loop ``unroll`` times: executions that take a loop's
back edge more often are cut off (the executor's ``sink``) and not checked. A ``correct``
from it therefore says nothing about longer executions, and nothing at all when no
execution of the source fits the bound. This module runs the bounded check and says
which of three cases it was:

* ``complete``: no execution of either function (where the source is defined) is cut
  off, so every execution was checked: the verdict holds for every trip count (loops
  with a constant trip count, for one);
* ``bounded``: some executions were cut off; the verdict holds for executions that
  take each loop's back edge at most ``unroll`` times;
* ``vacuous``: every execution where the source is defined is cut off. The bound is
  then raised (doubled, up to ``MAX_AUTO_UNROLL``) until some execution fits; if none
  does, the verdict is ``failed`` with the bound that would be needed, never ``correct``.

Each case is decided by a satisfiability query over the executions (a query that does
not finish leaves the verdict ``bounded``, which is what was checked).
"""

from __future__ import annotations

import time
from dataclasses import replace

import z3

from ..errors import Unsupported
from ..ir.function import Function
from ..refine import CheckOptions, RefinementCheck, Verdict
from ..semantics.calls import Environment
from ..semantics.executor import FIRST_LOCAL_BLOCK, execute
from .tripcount import back_edges_taken

# The bound is raised automatically up to this many iterations per loop.
MAX_AUTO_UNROLL = 256
# Time for each coverage query (a small share of a check's time).
COVERAGE_MS = 5_000


def _sat(formula: z3.BoolRef, pre: z3.BoolRef, timeout_ms: int) -> bool | None:
    s = z3.Solver()
    s.set(timeout=timeout_ms)
    s.add(pre, formula)
    r = s.check()
    return None if r == z3.unknown else r == z3.sat


def _fits(rc: RefinementCheck, timeout_ms: int) -> bool | None:
    """Some execution where the source is defined fits the bound (None: undecided)."""
    return _sat(z3.And(rc.src_ok), rc.pre, timeout_ms)


def _defined_somewhere(rc: RefinementCheck, timeout_ms: int) -> bool | None:
    """Some execution of the source is defined up to the bound or cut off there (not
    UB before it): otherwise the source is always UB, which is not the bound's fault."""
    return _sat(z3.And(z3.Not(rc.src.ub), *rc.env.constraints), rc.pre, timeout_ms)


def _cut_off(rc: RefinementCheck, timeout_ms: int) -> bool | None:
    """Some execution where the source is not UB before the bound is cut off, on either
    side (None: undecided)."""
    cut = z3.Or(rc.src.sink, rc.tgt.sink)
    if z3.is_false(z3.simplify(cut)):
        return False
    return _sat(z3.And(z3.Not(rc.src.ub), *rc.env.constraints, cut), rc.pre, timeout_ms)


def _needed_bound(rc: RefinementCheck, src: Function, bound: int, timeout_ms: int) -> int | None:
    """The first bound of 8, 16, ... MAX_AUTO_UNROLL above ``bound`` that some execution of
    the source where it is defined fits (the source alone is executed), or None. Bounds
    below the back edges every execution of the source takes (where its code says so:
    tripcount.py) are not tried: no execution fits them (a loop of 1600 iterations was
    executed 8, 16, ... 256 times over, past the check's time limit, to find that out)."""
    taken = back_edges_taken(src)
    if taken is not None and taken > MAX_AUTO_UNROLL:
        return None
    while bound < MAX_AUTO_UNROLL:
        bound = min(MAX_AUTO_UNROLL, max(2 * bound, 8))
        if taken is not None and bound < taken:
            continue
        env = Environment(FIRST_LOCAL_BLOCK, frozenset(rc.inputs.constant_blocks),
                          global_blocks=frozenset(rc.inputs.global_blocks.values()))
        b = execute(src, rc.inputs, "src", bound, env, rc.options.deadline)
        ok = z3.And(z3.Not(b.ub), z3.Not(b.sink), *env.constraints)
        if _sat(ok, rc.pre, timeout_ms) is not False:
            return bound
    return None


def _vacuous(start: float, raised_from: int, bound: int, why: str) -> Verdict:
    v = Verdict("failed", detail=(
        f"vacuous: no execution of the source where it is defined fits {bound} iterations per loop "
        f"(the bound raised from {raised_from} up to {MAX_AUTO_UNROLL}"
        + (f"; {why}" if why else "") + ")"), unroll=bound, has_loops=True)
    v.loops = "vacuous"
    v.coverage = f"vacuous: no execution fits {bound} iterations per loop; a larger bound is needed"
    v.seconds = time.monotonic() - start
    return v


def _coverage_ms(options: CheckOptions) -> int:
    """The time of a coverage query: a share of a query's, within the whole check's
    deadline (1 ms once it has passed: undecided, so the verdict says "bounded")."""
    ms = min(COVERAGE_MS, options.timeout_ms)
    if options.deadline is not None:
        ms = min(ms, max(1, int((options.deadline - time.monotonic()) * 1000)))
    return ms


def check_bounded(src: Function, tgt: Function, options: CheckOptions) -> Verdict:
    """The bounded refinement check, with ``loops`` and ``coverage`` saying what it
    covered (see the module docstring). Raises Unsupported as check_refinement does."""
    start = time.monotonic()
    rc = RefinementCheck(src, tgt, options)
    cover_ms = _coverage_ms(options)
    if not (rc.src.has_loops or rc.tgt.has_loops):
        return rc.run()
    raised_from = None
    bound = options.unroll
    if _fits(rc, cover_ms) is False and _defined_somewhere(rc, cover_ms):
        raised_from = bound
        try:
            needed = _needed_bound(rc, src, bound, cover_ms)
        except Unsupported as e:
            return _vacuous(start, raised_from, bound, f"unrolling further: {e}")
        if needed is None:
            taken = back_edges_taken(src)
            return _vacuous(start, raised_from, MAX_AUTO_UNROLL,
                            f"every execution of the source that leaves its loop takes the back edge {taken} times"
                            if taken is not None and taken > MAX_AUTO_UNROLL else "")
        bound = needed
        rc = RefinementCheck(src, tgt, replace(options, unroll=bound))
    verdict = rc.run()
    verdict.unroll = bound
    cut = _cut_off(rc, _coverage_ms(options))
    raised = f" (the bound raised from {raised_from}, which no execution of the source fitted)" if raised_from is not None else ""
    if cut is False:
        verdict.loops = "complete"
        verdict.coverage = ("proved for every trip count: every execution fits "
                            f"{bound} iterations per loop{raised}" if verdict.status == "correct" else
                            f"every execution checked: none iterates a loop more than {bound} times{raised}")
    else:
        verdict.loops = "bounded"
        verdict.coverage = (f"bounded: executions taking each loop's back edge at most {bound} times (trip counts up to {bound + 1}){raised}"
                            + ("" if cut else "; whether longer ones exist was not decided"))
    verdict.seconds = time.monotonic() - start
    return verdict
