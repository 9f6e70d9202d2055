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

The bound makes a loop's trip count take few values in the executions checked, but a
query over all of them at once is hard: the target's vector loop and epilogue are there
for every trip count, and the solver has to find out that most of them cannot run.
Z3 did not decide a simple map loop's memory query at 4 iterations in a minute (nor at
one), and decides each trip count's in 0.1 s. So the queries a check does not decide
quickly are decided case by case (Tactics.cases): one case per value of an integer
argument the cut-off depends on, from the largest any checked execution of the source
has, down, and one case for all the smaller values (the loop not entered). The cases
partition the inputs, so the verdict is exactly the one the whole query would give.
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
from ..tactics import Case, constant_names
from ..terms import simplify
from .tripcount import back_edges_taken

# The bound is raised automatically up to this many iterations per loop.
MAX_AUTO_UNROLL = 256
# Time for each coverage query (a small share of a check's time).
COVERAGE_MS = 5_000
# Trip-count cases: at most this many values of the argument (then one case for the rest).
MAX_TRIP_CASES = 16
# The loop guards decided below the cases' values: at most this many, each in this time.
MAX_ATOMS = 64
ATOM_MS = 200
# Finding the trip-count argument's largest value, and the loop guards below the cases:
# each at most this long in all, the first in at most MAX_ASCENT steps (else no cases).
CASES_MS = 2_000
MAX_ASCENT = 24


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
    if z3.is_false(simplify(cut)):
        return False
    return _sat(z3.And(z3.Not(rc.src.ub), *rc.env.constraints, cut), rc.pre, timeout_ms)


def _needed_bound(rc: RefinementCheck, src: Function, bound: int, timeout_ms: int) -> int | None:
    """The first bound of 8, 16, ... MAX_AUTO_UNROLL above ``bound`` that some execution of
    the source where it is defined fits (the source alone is executed), or None.

    Where the source's code says how often every execution that leaves its loop takes the
    back edge (tripcount.py), that is the first bound at or above it, without executing
    anything (the caller's check at it says whether some execution is defined there), and
    None above MAX_AUTO_UNROLL: the loop was executed 8, 16, ... times over to find out
    (a loop of 1600 iterations up to 256 times, past the check's time limit)."""
    taken = back_edges_taken(src)
    if taken is not None:
        if taken > MAX_AUTO_UNROLL:
            return None
        while bound < taken:
            bound = min(MAX_AUTO_UNROLL, max(2 * bound, 8))
        return bound
    while bound < MAX_AUTO_UNROLL:
        bound = min(MAX_AUTO_UNROLL, max(2 * bound, 8))
        env = Environment(FIRST_LOCAL_BLOCK, frozenset(rc.inputs.constant_blocks),
                          global_blocks=frozenset(rc.inputs.global_blocks.values()))
        b = execute(src, rc.inputs, "src", bound, env, rc.options.deadline)
        ok = z3.And(z3.Not(b.ub), z3.Not(b.sink), *env.constraints)
        if _sat(ok, rc.pre, timeout_ms) is not False:
            return bound
    return None


def _trip_argument(rc: RefinementCheck) -> z3.BitVecRef | None:
    """The value of the source's integer argument that the cut-off at the bound depends
    on (the first such, in argument order), or None."""
    sink = simplify(rc.src.sink)
    if z3.is_false(sink):
        return None
    mentioned = constant_names(sink)
    for a in rc.inputs.args:
        if a.pointer is None and len(a.values) == 1 and z3.is_bv(a.values[0]) and z3.is_const(a.values[0]) \
                and a.values[0].decl().name() in mentioned:
            return a.values[0]
    return None


def _largest(x: z3.BitVecRef, fits: z3.BoolRef, pre: z3.BoolRef, timeout_ms: int) -> int | None:
    """The largest signed value of ``x`` under ``fits``, found by asking for a larger
    one until there is none (a loop's trip count: a few steps); None when there is no
    value, or the steps take more than MAX_ASCENT or ``timeout_ms`` in all."""
    end = time.monotonic() + timeout_ms / 1000
    s = z3.Solver()
    s.add(pre, fits)
    top: int | None = None
    for _ in range(MAX_ASCENT):
        left = int((end - time.monotonic()) * 1000)
        if left <= 0:
            return None
        s.set(timeout=left)
        if top is not None:
            s.add(x > z3.BitVecVal(top, x.size()))
        r = s.check()
        if r == z3.unsat:
            return top
        if r != z3.sat:
            return None
        value = s.model().eval(x, model_completion=True)
        if not z3.is_bv_value(value):
            return None
        top = value.as_signed_long()
    return None


def _atoms_of(x: z3.BitVecRef, terms: list[z3.BoolRef]) -> list[z3.BoolRef]:
    """The Boolean subterms of ``terms`` that mention ``x`` and no other constant (the
    loop guards' comparisons of the trip count: ``1 < n``, ``zext(n) == 6``), at most
    MAX_ATOMS of them."""
    name = x.decl().name()
    # By id: (mentions no constant but x, mentions x); absent: not visited yet.
    kind: dict[int, tuple[bool, bool]] = {}
    atoms: list[z3.BoolRef] = []
    stack: list[tuple[z3.ExprRef, bool]] = [(t, False) for t in terms]
    while stack and len(atoms) < MAX_ATOMS:
        t, children_done = stack.pop()
        tid = t.get_id()
        if not children_done:
            if tid in kind:
                continue
            kind[tid] = (False, False)  # until its children are seen
            stack.append((t, True))
            if z3.is_app(t):
                stack.extend((c, False) for c in t.children() if c.get_id() not in kind)
            continue
        if z3.is_quantifier(t):
            continue
        if t.num_args() == 0:
            is_x = z3.is_const(t) and t.decl().name() == name
            constant = z3.is_bv_value(t) or z3.is_true(t) or z3.is_false(t)
            kind[tid] = (is_x or constant, is_x)
        else:
            parts = [kind.get(c.get_id(), (False, False)) for c in t.children()]
            kind[tid] = (all(p[0] for p in parts), any(p[1] for p in parts))
        if kind[tid] == (True, True) and z3.is_bool(t):
            atoms.append(t)  # type: ignore[arg-type]
    return atoms


def _implied(region: z3.BoolRef, atoms: list[z3.BoolRef], timeout_ms: int) -> list[z3.BoolRef]:
    """The value each atom (over the same one argument as ``region``) has in all of
    ``region``, as literals, as far as ``timeout_ms`` in all allows: with them the region
    is the same set of inputs, but the solver sees the loop guards decided (a region such
    as ``n < -9`` is otherwise as hard as the whole query)."""
    end = time.monotonic() + timeout_ms / 1000
    implied: list[z3.BoolRef] = []
    for a in atoms:
        for literal in (a, z3.Not(a)):
            left = min(ATOM_MS, int((end - time.monotonic()) * 1000))
            if left <= 0:
                return implied
            s = z3.Solver()
            s.set(timeout=left)
            s.add(region, z3.Not(literal))
            if s.check() == z3.unsat:
                implied.append(literal)
                break
    return implied


def trip_cases(rc: RefinementCheck, timeout_ms: int) -> list[Case]:
    """An exact partition of the inputs for the check's queries (see the module
    docstring): ``x == v`` for the largest values v of the trip-count argument x that an
    execution of the source fitting the bound has (at most MAX_TRIP_CASES), and ``x < v``
    below them (with the loop guards it decides); [] when there is no such argument or
    its largest value is undecided. No case is needed above the largest value: no
    failure is there (a query's failure needs the source to fit the bound)."""
    x = _trip_argument(rc)
    if x is None:
        return []
    top = _largest(x, rc.src_ok, rc.pre, timeout_ms)
    if top is None:
        return []
    lowest = -(1 << (x.size() - 1))
    low = max(top - MAX_TRIP_CASES + 1, lowest)
    values = [z3.BitVecVal(v, x.size()) for v in range(top, low - 1, -1)]
    cases = [Case(x == v, (x, v)) for v in values]
    if low == lowest:
        return []  # every value a case: not a counted loop's trip count
    rest = x < z3.BitVecVal(low, x.size())
    guards = _implied(rest, _atoms_of(x, [rc.src_ok, rc.tgt_ok]), timeout_ms)
    if not guards:
        return []  # no loop guard decided there: the rest is as hard as the whole
    return [*cases, Case(z3.And(rest, *guards))]


def _vacuous(start: float, raised_from: int, bound: int, why: str, counted: bool = False) -> Verdict:
    """``counted``: the loop's count says no larger bound fits either (tripcount.py)."""
    v = Verdict("failed", detail=(
        f"vacuous: no execution of the source where it is defined fits {bound} iterations per loop "
        f"(the bound raised from {raised_from} {'to' if counted else 'up to'} "
        f"{bound if counted else MAX_AUTO_UNROLL}"
        + (f"; {why}" if why else "") + ")"), unroll=bound, has_loops=True)
    v.loops = "vacuous"
    v.coverage = (f"vacuous: no execution fits {bound} iterations per loop; "
                  + ("no larger bound fits either" if counted else "a larger bound is needed"))
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
        taken = back_edges_taken(src)
        counted = f"every execution of the source that leaves its loop takes the back edge {taken} times"
        if needed is None:
            return _vacuous(start, raised_from, MAX_AUTO_UNROLL,
                            counted if taken is not None and taken > MAX_AUTO_UNROLL else "")
        bound = needed
        rc = RefinementCheck(src, tgt, replace(options, unroll=bound))
        # a counted loop's bound was not tried by executing it: where no execution is
        # defined there, none is at any larger bound either
        if taken is not None and _fits(rc, _coverage_ms(options)) is False:
            return _vacuous(start, raised_from, bound, f"{counted}, and none is defined", counted=True)
    rc.tactics.make_cases = lambda: trip_cases(rc, min(CASES_MS, _coverage_ms(options)))
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
