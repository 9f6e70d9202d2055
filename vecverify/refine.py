"""The refinement check: does the target refine the source for every input?

For every input where the source has no UB (for any of its nondeterministic choices),
the target must have no UB, and for each of the target's choices there must be source
choices under which every returned lane of the target is no more poisonous than the
source's and equal to it where the source is defined, and final memory likewise.

The checks run in Alive2's order, each a query for a counterexample:
UB, poison, value (and undef), memory, and, when the source makes choices, one joint
query (the per-part queries let each part pick its own source choices, so they can only
prove a failure, not success). Every counterexample is replayed by evaluating the
failure condition on the model's concrete inputs and target choices before it is
reported; one that does not replay is an internal error, never a verdict. How each
query is decided within its time is tactics.py's.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import z3

from . import interrupts
from .aliasfacts import BUDGET_SHARE as ALIAS_SHARE
from .aliasfacts import AliasFacts, SourceReads
from .errors import InternalError, SignatureMismatch, Unsupported
from .ir.function import Function
from .ir.vscale import DEFAULT_VSCALE_MAX
from .portfolio import DEFAULT_SOLVER
from .semantics.calls import Environment
from .semantics.concrete import substitute
from .semantics.core import TRUE, Z3_CTRL_C, Lane, all_of, any_of
from .semantics.executor import FIRST_LOCAL_BLOCK, Behaviour, execute
from .semantics.globaldefs import used_globals, with_initializers
from .semantics.inputs import (
    InputOptions,
    Inputs,
    build_inputs,
    observed_pointer_args,
)
from .semantics.memory import KEY, Memory, in_bounds
from .splitting import (
    NameGroups,
    any_of_keys,
    choice_groups,
    initial,
    mentioned_names,
    unresolved_writes,
    written_keys,
)
from .tactics import Query, Tactics, Unknown, constant_names
from .terms import Memo, simplify

ERR_UB = "Source is more defined than target"
ERR_POISON = "Target is more poisonous than source"
ERR_UNDEF = "Target's return value is more undefined"
ERR_VALUE = "Value mismatch"
ERR_MEMORY = "Mismatch in memory"
ERR_DOMAIN = "Source and target don't have the same return domain"
ERR_SIGNATURE = "Signature mismatch between src and tgt"  # an error, not a verdict
# A poison, value or UB query split into parts first gets this part of its time as
# a whole, then its parts one by one (RefinementCheck._solve_split).
WHOLE_SHARE = 0.5
# No written-address split where written bytes share more source choices than this and
# than half of them (their reads did not resolve: the split would be one part).
MAX_SHARED_CHOICES = 16
# No written-address split where a read at a written address cannot tell more than this
# many writes hit or missed without the solver (a loop unrolled with symbolic strides: a
# map loop's bounded check had 28-252 per address, and one group; finding that out by
# reading every address took 15 s).
MAX_UNRESOLVED_WRITES = 8
# The "source always UB" question goes to Z3's SMT core for this share of its time first.
ALWAYS_UB_SMT_SHARE = 0.25


@dataclass
class Split:
    """A query split exactly into parts (splitting.py), decided one by one: a failure of
    any part is a failure of the whole, and no failure of any part is none of it."""

    parts: list[Query]


def limits_count_cpu_time() -> bool:
    """Whether query limits count CPU time unless told otherwise: ``VECVERIFY_CLOCK=cpu``.
    The test suite sets it, so a machine loaded by other work turns none of its proofs
    into timeouts (docs/checker.md)."""
    return os.environ.get("VECVERIFY_CLOCK", "wall") == "cpu"


@dataclass(frozen=True)
class CheckOptions:
    """How a refinement check runs: unroll bound, query limit, inputs, solver and more."""

    unroll: int = 4
    timeout_ms: int = 10_000
    undef_inputs: bool = True
    poison_inputs: bool = True
    smt2_dir: Path | None = None
    # A time.monotonic() value past which every query gives up ("failed to prove"):
    # bounds the whole check, whose queries each get timeout_ms (fuzz campaigns' budget).
    deadline: float | None = None
    # Scalable vectors: the largest vscale checked where a function's vscale_range does
    # not bound it (see vecverify/ir/vscale.py).
    vscale_max: int = DEFAULT_VSCALE_MAX
    # Functions with loops: "prove" (infer a witness for every trip count, else the
    # bounded check, labelled) or "bounded" (the bounded check only); vecverify/loops.
    loops: str = "prove"
    # Which solvers decide the queries: z3 | bitwuzla | cvc5 | portfolio (portfolio.py).
    solver: str = DEFAULT_SOLVER
    # A function's queries share one limit (opt-tv: its --function-timeout-ms): the
    # caller sets ``deadline`` from it where the function's check starts.
    function_timeout_ms: int | None = None
    # Count each query's limit in this process's CPU time instead of wall time (a loaded
    # machine then slows a query without making it time out); at most
    # portfolio.CPU_WALL_FACTOR times the limit in wall time. ``deadline`` stays wall time.
    # Default: VECVERIFY_CLOCK=cpu in the environment (the test suite sets it).
    cpu_time: bool = field(default_factory=lambda: limits_count_cpu_time())
    # The memory query split by written address also where the source makes no choice:
    # one query for the written addresses (each failure stated at its address, where
    # the reads resolve), one for the others. A loop witness's obligation (unroll 1)
    # asks for it: its whole query bit-blasts the 64-bit address arithmetic of every
    # access at once (1-4 s where the split takes 0.1-0.3 s).
    memory_by_address: bool = False


@dataclass
class Example:
    """A replayed counterexample: the model and the behaviours it was found for."""

    model: z3.ModelRef
    inputs: Inputs
    src: Behaviour
    tgt: Behaviour
    src_choices: list[tuple[z3.ExprRef, z3.ExprRef]]  # one source choice to show values
    address: z3.ExprRef | None = None  # the mismatching byte, for memory errors
    environment: list[z3.ExprRef] = field(default_factory=list)  # unknown functions' outputs
    # "More undefined": other values of the target's undef choices, under which its
    # returned value differs (pairs choice -> value).
    target_alternative: list[tuple[z3.ExprRef, z3.ExprRef]] = field(default_factory=list)


@dataclass
class Verdict:
    """A check's outcome: its status, the error, the counterexample."""

    status: str  # correct | incorrect | failed | unsupported | error
    error: str | None = None  # the ERROR line for incorrect verdicts
    detail: str = ""
    example: Example | None = None
    unroll: int = 0
    has_loops: bool = False
    seconds: float = 0.0
    queries: int = 0
    vscale: str = ""  # scalable vectors: the vscale values checked, or the one refuted
    # For functions with loops (vecverify/loops): what the verdict covers, "proved"
    # (every trip count, by a witness), "complete" (every execution fitted the bound),
    # "bounded" or "vacuous"; and that in words.
    loops: str = ""
    coverage: str = ""
    witness: dict[str, object] | None = None  # the inferred correspondence (--json)
    # A correct verdict whose source is UB on every input (refined by anything): True,
    # False, or None when the solver could not tell (see RefinementCheck.source_always_ub).
    source_always_ub: bool | None = False

    solvers: dict[str, int] = field(default_factory=dict)  # solver -> checks it decided
    query_log: list[dict[str, object]] = field(default_factory=list)  # per query: seconds, solver

    @property
    def correct(self) -> bool:
        return self.status == "correct"


def check_signatures(src: Function, tgt: Function) -> None:
    if len(src.args) != len(tgt.args) or any(
        a.type != b.type for a, b in zip(src.args, tgt.args, strict=False)
    ) or src.ret_type != tgt.ret_type:
        raise SignatureMismatch(
            f"signature mismatch between @{src.name} ({src.signature()}) and "
            f"@{tgt.name} ({tgt.signature()})"
        )


def check_layouts(src: Function, tgt: Function) -> None:
    if src.layout != tgt.layout:
        raise Unsupported("source and target modules of different data layouts")


class RefinementCheck:
    def __init__(self, src: Function, tgt: Function, options: CheckOptions):
        for fn in (src, tgt):
            if fn.scalable is not None and not fn.scalable.instantiated:
                # Read once, at vscale 1, to have a model: checked one vscale at a time
                # (vecverify/scalable.py), never as it is.
                raise Unsupported("scalable vectors outside a check per vscale", fn.name)
        check_signatures(src, tgt)
        check_layouts(src, tgt)
        self.options = options
        globals_, differing = used_globals(src, tgt)
        self.inputs = build_inputs(
            src,
            InputOptions(options.poison_inputs, options.undef_inputs),
            globals_,
            observed_pointer_args(src) | observed_pointer_args(tgt),
        )
        # Unknown functions: the source's calls define them, the target's must match.
        self.env = Environment(FIRST_LOCAL_BLOCK, frozenset(self.inputs.constant_blocks),
                               global_blocks=frozenset(self.inputs.global_blocks.values()))
        # (a loop witness's source loads as the runtime checks it assumes leave them:
        # aliasfacts.SourceReads)
        reads = (SourceReads(self.inputs.pre, options.timeout_ms / 1000 * ALIAS_SHARE, options.deadline)
                 if options.memory_by_address else None)
        self.src = execute(src, self.inputs, "src", options.unroll, self.env, options.deadline, reads)
        self._reads = reads
        tgt_inputs = self.inputs if not differing else replace(  # its own constants' bytes
            self.inputs, memory=with_initializers(self.inputs.memory, differing, self.inputs.global_blocks, tgt.layout))
        self.tgt = execute(tgt, tgt_inputs, "tgt", options.unroll, self.env, options.deadline)
        self.src_vars = self.src.choices
        self.pre = all_of(self.inputs.pre)
        # The environment's constraints may mention source choices, so they go with the
        # source's definedness, inside the quantifier over those choices.
        self.src_ok = z3.And(z3.Not(self.src.ub), z3.Not(self.src.sink), *self.env.constraints)
        self.tgt_ok = z3.And(z3.Not(self.tgt.ub), z3.Not(self.tgt.sink))
        self.tactics = Tactics(options, self.inputs, self.env, self.src, self.tgt, self.pre)
        # The written-address split (_written_split): () until computed when there is none.
        self._split_memo: tuple[list[z3.BitVecRef], list[list[int]], list[int]] | tuple[()] | None = None
        # Set by _written_split: every address either side writes is known, and no byte
        # written there holds a source choice (a loop step that only reads memory).
        self._no_choice_written = False
        self._names_memo: Memo[frozenset[str]] = Memo()
        self._src_names: frozenset[str] | None = None
        self._ub_names: Memo[frozenset[str]] = Memo()  # every constant, by subterm (_lane_query)
        self._src_by_name: dict[str, z3.ExprRef] | None = None
        self._written_memo: dict[int, z3.BoolRef] = {}  # by key id (the keys stay alive)
        self._layout: frozenset[str] | None = None
        self._aliasing: AliasFacts | None = None  # see _alias_facts
        self._tgt_ub_choices: bool | None = None  # see target_ub_mentions_choices

    # ----------------------------------------------------------------- formulas

    def _lanes(self) -> list[tuple[Lane, Lane]]:
        if self.src.ret is None or self.tgt.ret is None:
            return []
        return list(zip(self.src.ret, self.tgt.ret, strict=True))

    def poison_ok(self) -> z3.BoolRef:
        return self._when_returned(all_of([_lane_poison_ok(s, t) for s, t in self._lanes()]))

    def value_ok(self) -> z3.BoolRef:
        return self._when_returned(all_of([_lane_value_ok(s, t) for s, t in self._lanes()]))

    def _lane_queries(self, name: str, lane_ok: Callable[[Lane, Lane], z3.BoolRef]) -> Query | list[Query] | None:
        """The query of ``name`` over every returned lane. Without source choices, the
        failure is exactly the disjunction of the lanes' failures: then [the whole
        query, one query per lane whose condition does not simplify to true], for
        _solve_split. With source choices, the same by groups of lanes that share
        choices, where there are several; else one query."""
        lanes = self._lanes()
        if not lanes:
            return None
        whole = self._lane_query(name, all_of([lane_ok(s, t) for s, t in lanes]))
        if len(lanes) == 1:
            return whole
        oks = [ok for s, t in lanes if not z3.is_true(simplify(ok := lane_ok(s, t)))]
        if not self.src_vars:
            return [whole, *(self._lane_query(name, ok) for ok in oks)]
        # With source choices, lanes that share none are apart exactly (splitting.py):
        # a part per group of lanes sharing choices, one per lane that mentions none.
        names = frozenset(v.decl().name() for v in self.src_vars)
        groups, free = choice_groups([mentioned_names(self._when_returned(ok), names, self._names_memo) for ok in oks])
        if len(groups) + len(free) <= 1:
            return whole
        return [whole, *(self._lane_query(name, all_of([oks[i] for i in g])) for g in [*groups, *([i] for i in free)])]

    def _lane_query(self, name: str, ok: z3.BoolRef) -> Query:
        """The failure of returned lanes' ``ok``; with, as its weaker form (tried first),
        the failure under only those UB conditions that mention no part of the memory
        layout (block sizes, pointer offsets) the lanes do not: the in-bounds conditions
        of a loop step's accesses, beside its exit test."""
        ok = self._when_returned(ok)
        q = Query(name, self.failure(ok))
        layout = self._layout_names()
        if not layout:
            return q
        seen = constant_names(ok, self._ub_names)
        src_ub, tgt_ub = (_without(ub, layout - seen, self._ub_names) for ub in (self.src.ub, self.tgt.ub))
        if src_ub is self.src.ub and tgt_ub is self.tgt.ub:
            return q
        weak_src_ok = z3.And(z3.Not(src_ub), z3.Not(self.src.sink), *self.env.constraints)
        weak_tgt_ok = z3.And(z3.Not(tgt_ub), z3.Not(self.tgt.sink))
        q.weaker = Query(name, z3.And(weak_src_ok, weak_tgt_ok, z3.Not(ok)))
        return q

    def _layout_names(self) -> frozenset[str]:
        """The names of the memory layout's inputs: block sizes and writability, the
        pointer arguments' blocks and offsets, globals' placements."""
        if self._layout is None:
            terms: list[z3.ExprRef] = [b.size for b in self.inputs.blocks]
            terms += [b.writable for b in self.inputs.blocks if b.writable is not None]
            terms += [v for a in self.inputs.args if a.pointer is not None for v in (a.pointer.block, a.pointer.offset)]
            terms += self.inputs.placements
            self._layout = frozenset(n for t in terms for n in constant_names(t))
        return self._layout

    def _ub_queries(self) -> Query | list[Query] | None:
        """The target's UB where the source has none. Where the target's UB conditions
        mention no source choice, the failure is exactly the disjunction of one query per
        condition: [the whole query, one per condition that does not simplify to false]
        for _solve_split (the in-bounds conditions of many accesses are decided one by
        one where all at once time out). Where they do (a call matched under some source
        choices), the joint query decides it: its failure (joint_failure) holds where
        this one's does."""
        if self.target_ub_mentions_choices:
            return None  # the joint query decides it (joint_failure), named by _joint_error
        whole = Query("ub", z3.And(self.src_ok, self.tgt.ub))
        if not z3.is_or(self.tgt.ub):
            return whole
        conds = [c for c in self.tgt.ub.children() if not z3.is_false(simplify(c))]
        return [whole, *(Query("ub", z3.And(self.src_ok, c)) for c in conds)]

    def _solve_split(self, queries: list[Query]) -> tuple[Query, z3.ModelRef] | None:
        """The whole query (the first) gets a part of the time; if that is not enough,
        each part's query (a lane's, a UB condition's) in turn with the full time (small
        queries are decided where the whole one times out: a loop witness's exit test
        beside its values). A failure found, as (query, model), or None: no part fails."""
        whole, *parts = queries
        if not parts:
            return None  # every part's failure simplifies to false
        try:
            model = self.tactics.solve(whole, WHOLE_SHARE)
            return None if model is None else (whole, model)
        except Unknown:
            pass
        for q in parts:
            model = self.tactics.solve(q)
            if model is not None:
                return q, model
        return None

    def _solve_parts(self, parts: list[Query]) -> tuple[Query, z3.ModelRef] | None:
        """Each part in turn with the full time: the first failure, as (query, model)."""
        for q in parts:
            model = self.tactics.solve(q)
            if model is not None:
                return q, model
        return None

    def _when_returned(self, ok: z3.BoolRef) -> z3.BoolRef:
        """Return values only count where the source returns (it may end in a call that
        does not return; the target must then too: the return-domain check)."""
        returned = self.src.returned
        return ok if z3.is_true(returned) else z3.Or(z3.Not(returned), ok)

    def domain_ok(self) -> z3.BoolRef:
        return self.src.returned == self.tgt.returned

    def in_blocks(self, a: z3.BitVecRef) -> z3.BoolRef:
        """``a`` (a pointer) addresses a byte of some argument's block."""
        return in_bounds(self.inputs.blocks, a, 1)

    def memory_ok(self, a: z3.BitVecRef, src_mem: Memory | None = None, tgt_mem: Memory | None = None) -> z3.BoolRef:
        """Final memory at ``a`` refines (of ``src_mem``/``tgt_mem`` when given)."""
        (sd, sp) = (src_mem or self.src.memory).read(a)
        (td, tp) = (tgt_mem or self.tgt.memory).read(a)
        ok = z3.Or(sp, z3.And(z3.Not(tp), td == sd))
        # Memory is not observed after both end in a trap.
        both_trap = simplify(z3.And(self.src.unobserved, self.tgt.unobserved))
        return ok if z3.is_false(both_trap) else z3.Or(both_trap, ok)

    def failure(self, part_ok: z3.BoolRef) -> z3.BoolRef:
        """The source is defined, the target is defined, and ``part_ok`` fails (all with
        the source's choices free: the query quantifies them universally)."""
        return z3.And(self.src_ok, self.tgt_ok, z3.Not(part_ok))

    def joint_failure(self, part_ok: z3.BoolRef) -> z3.BoolRef:
        """The failure of the joint query: as :meth:`failure`, but where the target's UB
        depends on the source's choices (a target call takes the outputs of a source
        call the source makes under some of its choices only, and is UB without one),
        a source execution under which the target is UB fails too: for every choice
        the source is defined and the target is UB or ``part_ok`` fails. (Otherwise a
        source making a call under one choice and returning the target's value under
        the other refined a target that calls and returns that value: each choice
        escaped the failure by the other's part.)"""
        if not self.target_ub_mentions_choices:
            return self.failure(part_ok)
        return z3.And(self.src_ok, z3.Not(self.tgt.sink), z3.Or(self.tgt.ub, z3.Not(part_ok)))

    @property
    def target_ub_mentions_choices(self) -> bool:
        """Whether the target's UB condition mentions a source choice other than an undef
        use's or a frozen value of an undef argument of the function (see joint_failure).
        Left out (an approximation, docs/modelled.md): an undef use is a choice of its own
        (uses.py), and a choice made from an undef argument leaves the inputs where the
        argument is defined, on which the other queries decide without it; the joint
        failure over them costs the solver far more (corpus/calls/several-merges: a
        timeout). Counted: a choice of a freeze of an undef constant, of a NaN payload,
        and the like, which every execution makes."""
        if self._tgt_ub_choices is None:
            guards = self.src.undef_guards

            def counted(name: str) -> bool:
                if name in guards:
                    return False  # an undef use
                origins = self.src.frozen_from.get(name)
                # (a frozen value: unless every undef it fixes is an argument's)
                return origins is None or any(u not in guards or z3.is_true(guards[u]) for u in origins)

            names = frozenset(n for v in self.src_vars if counted(n := v.decl().name()))
            self._tgt_ub_choices = bool(names) and bool(mentioned_names(self.tgt.ub, names, self._names_memo))
        return self._tgt_ub_choices

    # ----------------------------------------------------------------- counterexamples

    def _joint_error(self, q: Query, model: z3.ModelRef) -> str:
        """The error a joint failure is reported with: the target's UB where, at the
        model's inputs and target choices, every source choice that is defined makes the
        target UB (the UB query's failure, which the joint query decides where the
        target's UB mentions source choices); else a value mismatch."""
        if self.target_ub_mentions_choices and self._holds(z3.And(self.src_ok, self.tgt.ub), q, model):
            return ERR_UB
        return ERR_VALUE

    def _holds(self, body: z3.BoolRef, q: Query, model: z3.ModelRef) -> bool:
        """Whether ``body`` holds at the model's inputs and target choices for every
        source choice (and every extra quantified variable of ``q``); a solver that does
        not answer within the query's time says no."""
        fixed = substitute(z3.And(self.pre, body), self.tactics.fixed(q, model))
        if z3.is_true(fixed):
            return True
        check = z3.Solver()
        check.set(timeout=self.options.timeout_ms)
        check.add(z3.Not(fixed))
        return check.check() == z3.unsat

    def replay(self, q: Query, model: z3.ModelRef) -> None:
        """Evaluate the failure condition at the model's inputs and target choices: it must
        hold for every source choice. Otherwise the counterexample is not real."""
        if self.src_vars or q.extra_forall:
            if self._holds(q.body, q, model):
                return
        elif z3.is_true(substitute(z3.And(self.pre, q.body), self.tactics.fixed(q, model))):
            return
        raise InternalError(f"the counterexample for '{q.name}' does not replay")

    def _example(self, q: Query, model: z3.ModelRef, address: z3.ExprRef | None = None) -> Example:
        # One source choice under which the source is defined, to show its values.
        fixed = self.tactics.fixed(q, model)
        src_choices: list[tuple[z3.ExprRef, z3.ExprRef]] = []
        if self.src_vars:
            s = z3.Solver()
            s.set(timeout=self.options.timeout_ms)
            s.add(substitute(self.src_ok, fixed))
            # Where the target's UB depends on the source's choices, one under which the
            # target is defined shows the values that differ (see joint_failure).
            tgt_defined = [substitute(z3.Not(self.tgt.ub), fixed)] if self.target_ub_mentions_choices else []
            if s.check(*tgt_defined) == z3.sat or (tgt_defined and s.check() == z3.sat):
                m = s.model()
                src_choices = [(v, m.eval(v, model_completion=True)) for v in self.src_vars]
        alternative = []
        if q.name == "undef":  # the target choices' copies (see _undef_query): their values
            copies = {c.decl().name(): c for c in q.extra_vars}
            alternative = [(v, model.eval(copies[f"{v}!copy"], model_completion=True))
                           for v in self.tgt.undef_choices if f"{v}!copy" in copies]
        return Example(model, self.inputs, self.src, self.tgt, src_choices, address, self.env.variables,
                       alternative)

    # ----------------------------------------------------------------- the check

    def run(self) -> Verdict:
        start = time.monotonic()
        verdict = self._run()
        verdict.seconds = time.monotonic() - start
        verdict.queries = self.tactics.queries
        verdict.solvers = dict(self.tactics.decided)
        verdict.query_log = self.tactics.log
        verdict.unroll = self.options.unroll
        verdict.has_loops = self.src.has_loops or self.tgt.has_loops
        return verdict

    def _run(self) -> Verdict:
        # Alive2's order. The "more undefined" query quantifies twice over the source's
        # choices and can be slow where the value query is quick: it first gets a fifth
        # of the time, and if that is not enough it runs again, in full, after the rest.
        steps: list[tuple[str, Callable[[], Query | list[Query] | Split | None], float]] = [
            (ERR_UB, self._ub_queries, 1.0),
            (ERR_DOMAIN, self._domain_query, 1.0),
            (ERR_POISON, lambda: self._lane_queries("poison", _lane_poison_ok), 1.0),
            (ERR_UNDEF, self._undef_query, 0.2),
            (ERR_VALUE, lambda: self._lane_queries("value", _lane_value_ok), 1.0),
            (ERR_MEMORY, self._memory_query, 1.0),
        ]
        deferred: list[tuple[str, Query]] = []
        try:
            for error, make, share in steps:
                made = make()
                if isinstance(made, Split):
                    found = self._solve_parts(made.parts)
                    if found is not None:
                        return self._incorrect(error, *found)
                    continue
                if isinstance(made, list):  # a query split by lanes: see _lane_queries
                    found = self._solve_split(made)
                    if found is not None:
                        return self._incorrect(error, *found)
                    continue
                if made is None:
                    continue
                try:
                    model = self.tactics.solve(made, share)
                except Unknown:
                    if share == 1.0:
                        raise
                    deferred.append((error, made))
                    continue
                if model is not None:
                    return self._incorrect(error, made, model)
            for error, q in deferred:
                model = self.tactics.solve(q)
                if model is not None:
                    return self._incorrect(error, q, model)
            if self.src_vars:
                joint = self._joint_query()
                found = self._solve_parts(joint.parts if isinstance(joint, Split) else [joint])
                if found is not None:
                    return self._incorrect(self._joint_error(*found), *found)
        except Unknown as e:
            reason = str(e)
            detail = "timeout" if "timeout" in reason or "canceled" in reason else reason
            if self.options.deadline is not None and time.monotonic() >= self.options.deadline - 0.05:
                detail = "timeout (the time limit of the whole check ran out)"
            return Verdict("failed", detail=f"solver gave up: {detail}")
        return Verdict("correct", source_always_ub=self.source_always_ub())

    def source_always_ub(self) -> bool | None:
        """Whether the source has UB on every input (for every choice and environment):
        then any target refines it, and a correct verdict says nothing (alive-tv's
        "WARNING: Source function is always UB"). None when the solver gives up.
        Executions cut off at the unroll bound have no UB here: a source defined only
        beyond the bound is not called always UB (the loop bound's own warning)."""
        left_ms = self.options.timeout_ms
        if self.options.deadline is not None:
            left_ms = min(left_ms, max(1, int((self.options.deadline - time.monotonic()) * 1000)))
        # Z3's SMT core first (the 64-bit in-bounds arithmetic of a source's accesses: 4-6
        # times faster than the default's bit-blasting, which a check otherwise spent a
        # third of its time on in fuzz campaigns), the default solver with the time left.
        first_ms = max(1, int(left_ms * ALWAYS_UB_SMT_SHARE))
        start = time.monotonic()
        for solver, ms in ((z3.Tactic("smt").solver(), first_ms), (z3.Solver(), None)):
            if ms is None:
                ms = left_ms - int((time.monotonic() - start) * 1000)
                if ms <= 0:
                    return None
            solver.set(timeout=ms)
            solver.add(self.pre, z3.Not(self.src.ub), *self.env.constraints)
            result = solver.check()
            if result != z3.unknown:
                return result == z3.unsat
            if solver.reason_unknown() == Z3_CTRL_C or interrupts.requested():
                raise KeyboardInterrupt
        return None

    def _incorrect(self, error: str, q: Query, model: z3.ModelRef) -> Verdict:
        self.replay(q, model)
        address = q.extra_vars[0] if q.name == "memory" else None
        return Verdict("incorrect", error, example=self._example(q, model, address))

    def _domain_query(self) -> Query | None:
        if z3.is_true(self.src.returned) and z3.is_true(self.tgt.returned):
            return None
        return Query("domain", self.failure(self.domain_ok()))

    def _memory_query(self) -> Query | list[Query] | Split | None:
        """Memory differs at some address. Where the source's choices are stored, split
        by written address (splitting.py): a query per group of written addresses whose
        bytes share source choices, one for those with none, one for every other address.
        Split by address alone (CheckOptions.memory_by_address, no choice stored): the
        whole first with a share of the time, then each written address, then the others
        (for _solve_split: a loop witness's step whose addresses are computed from a
        narrow index, `sext(trunc(index + k))`, is decided address by address where all
        at once time out)."""
        if not self.inputs.blocks:
            return None
        a = z3.Const("mismatch!address", KEY)
        written = self._written_split()
        split = written or (self._address_split() if self.options.memory_by_address else None)
        if split is None:
            return Query("memory", z3.And(self.in_blocks(a), self.failure(self.memory_ok(a))), [a])
        keys, groups, free = split

        def fails(k: z3.BitVecRef) -> z3.BoolRef:
            return z3.And(self.in_blocks(k), z3.Not(self._written_ok(k)))

        parts = [Query("memory", z3.And(self.src_ok, self.tgt_ok, any_of_keys(a, [keys[i] for i in g], fails)), [a])
                 for g in [*groups, free] if g]
        unwritten = self.memory_ok(a, initial(self.src.memory), initial(self.tgt.memory))
        rest = z3.And(self.in_blocks(a), *[a != k for k in keys], self.failure(unwritten))
        if written is None:
            each = [Query("memory", z3.And(self.src_ok, self.tgt_ok, a == k, fails(k)), [a]) for k in keys]
            return [Query("memory", z3.Or(parts[0].body, rest), [a]), *each, Query("memory", rest, [a])]
        return Split([*parts, Query("memory", rest, [a])])

    def _address_split(self) -> tuple[list[z3.BitVecRef], list[list[int]], list[int]] | None:
        """The addresses either side writes, as one group without choices (see
        CheckOptions.memory_by_address); None where a call may have written anywhere."""
        keys = written_keys([self.src.memory, self.tgt.memory]) if self.inputs.blocks else None
        return (keys, [], list(range(len(keys)))) if keys else None

    def _written_split(self) -> tuple[list[z3.BitVecRef], list[list[int]], list[int]] | None:
        """The addresses either side writes, grouped by the source choices their bytes
        mention (the groups share none; then the indices of those that mention none);
        None when there is no point or no way: the source makes no choice, a call may have
        written anywhere, or no written byte holds a choice."""
        if self._split_memo is not None:
            return self._split_memo or None
        self._split_memo = ()
        if not self.src_vars or not self.inputs.blocks:
            return None
        keys = written_keys([self.src.memory, self.tgt.memory])
        if keys is None:
            return None
        names = frozenset(v.decl().name() for v in self.src_vars)
        both_trap = z3.And(self.src.unobserved, self.tgt.unobserved)
        if mentioned_names(both_trap, names, self._names_memo):
            return None  # every byte's verdict depends on the choices of the trap
        mentioned = []
        so_far = NameGroups()
        for k in keys:
            if any(unresolved_writes(m, k, MAX_UNRESOLVED_WRITES) > MAX_UNRESOLVED_WRITES
                   for m in (self.src.memory, self.tgt.memory)):
                return None  # reads that do not resolve: their bytes' choices merge into one part
            found = mentioned_names(self._written_ok(k), names, self._names_memo)
            so_far.add(found)
            if so_far.largest > max(MAX_SHARED_CHOICES, len(names) // 2):
                return None  # reads that did not resolve, or bytes holding them all: one part
            mentioned.append(found)
        groups, free = choice_groups(mentioned)
        if not groups:
            self._no_choice_written = True
            return None
        self._split_memo = (keys, groups, free)
        return self._split_memo

    def _joint_query(self) -> Query | Split:
        """One execution of the source matches the target's whole outcome (its choices
        shared by the return value and the memory), as opposed to the queries before,
        each of which lets the source choose anew. Split by choice-disjoint parts where
        it can be (_joint_split)."""
        split = self._joint_split()
        if split is not None:
            return split
        ok = [self.domain_ok(), self.poison_ok(), self.value_ok()]
        relaxed = None
        if self.inputs.blocks:
            a = z3.Const("joint!address", KEY)
            memory = self._memory_byte_ok(a)
            if memory is not None:
                ok.append(z3.ForAll([a], z3.Implies(self.in_blocks(a), memory)))
            if memory is not None and z3.is_quantifier(memory):
                # The bytes' undef copies taking the execution's own values are one
                # witness of that existential: this ``ok`` implies the real one, so its
                # failure is implied by the real failure, and without the quantifier
                # alternation it is far easier to refute (tactics: Query.relaxed).
                own = z3.ForAll([a], z3.Implies(self.in_blocks(a), self._memory_ok_decided(a)))
                relaxed = self.joint_failure(all_of([*ok[:-1], own]))
        return Query("joint", self.joint_failure(all_of(ok)), relaxed=relaxed)

    def _written_ok(self, k: z3.BitVecRef) -> z3.BoolRef:
        """_memory_ok_decided at a written address (the _written_split's keys), built once."""
        ok = self._written_memo.get(k.get_id())
        if ok is None:
            ok = self._memory_ok_decided(k)
            self._written_memo[k.get_id()] = ok
        return ok

    @property
    def aliasing_ruled_out(self) -> int:
        """How many aliasing conditions the source's facts ruled out (aliasfacts.py)."""
        return ((self._aliasing.ruled_out if self._aliasing is not None else 0)
                + (self._reads.facts.ruled_out if self._reads is not None else 0))

    def _memory_ok_decided(self, a: z3.BitVecRef) -> z3.BoolRef:
        """memory_ok at ``a``; in a loop witness's obligation, with the aliasing
        conditions the source's facts rule out replaced by false (aliasfacts.py: for the
        memory and joint queries, whose bodies have src_ok as a conjunct)."""
        ok = self.memory_ok(a)
        if not self.options.memory_by_address:
            return ok
        if self._aliasing is None:
            self._aliasing = AliasFacts.of(self.src.ub, self.inputs.pre,
                                           self.options.timeout_ms / 1000 * ALIAS_SHARE, self.options.deadline)
        return self._aliasing.decide(ok)

    def _joint_split(self) -> Split | None:
        """The joint query as the disjunction of one query per group of its conjuncts
        (returned lanes' poison and value, written bytes) that share source choices
        (splitting.py); conjuncts that mention none are left out (the poison, value and
        memory queries have shown them). None where that leaves a single group; no parts
        where it leaves none, and where the target's UB mentions source choices (a part
        per group would not see the target's UB under the other groups' choices)."""
        if self.target_ub_mentions_choices:
            return None
        keys: list[z3.BitVecRef] = []
        if self.inputs.blocks:
            written = self._written_split()
            if written is None and not self._no_choice_written:
                return None
            # (no written byte holds a source choice: every memory conjunct would be left out)
            keys = written[0] if written is not None else []
        names = frozenset(v.decl().name() for v in self.src_vars)
        conjuncts: list[tuple[z3.BoolRef, z3.BoolRef]] = [(self.domain_ok(), self.domain_ok())]
        for s, t in self._lanes():
            for ok in (_lane_poison_ok(s, t), _lane_value_ok(s, t)):
                conjuncts.append((self._when_returned(ok), self._when_returned(ok)))
        for k in keys:
            byte_ok = self._memory_byte_ok(k)
            if byte_ok is not None:
                conjuncts.append((z3.Implies(self.in_blocks(k), byte_ok),
                                  z3.Implies(self.in_blocks(k), self._written_ok(k))))
        groups, _ = choice_groups([mentioned_names(c, names, self._names_memo) for c, _ in conjuncts])
        if not groups:
            # No conjunct mentions a source choice (they are only in its UB conditions,
            # e.g. an undef state parameter of a loop witness): the joint failure is the
            # disjunction of the queries before, each refuted already.
            return Split([])
        if len(groups) == 1:
            return None
        parts = []
        for g in groups:
            body = self.failure(all_of([conjuncts[i][0] for i in g]))
            own = self.failure(all_of([conjuncts[i][1] for i in g]))
            parts.append(Query("joint", body, relaxed=None if own.eq(body) else own))
        return Split(parts)

    def _memory_byte_ok(self, a: z3.BitVecRef) -> z3.BoolRef | None:
        """The final memory at ``a`` refines, for the joint query. Each byte the caller
        reads later is a use of its own, so the undef choices a source byte holds get a
        copy per byte (chosen per address, as in the memory query), while its other
        choices (frozen values, NaNs, call outputs) stay those of the execution. None
        when the source's bytes hold no choice but undef ones: the memory query has
        checked exactly that already (and the nested quantifier is slow)."""
        ok = self._memory_ok_decided(a)
        byte, poison = self.src.memory.read(a)
        # (walked with the check's memo: the bytes read at many written addresses share
        # the whole memory's terms)
        found = self._src_names_in(byte) | self._src_names_in(poison)
        held = sorted(n for n in found if n in self.src.undef_guards)
        if not held:
            return ok
        if len(held) == len(found):  # no other choice
            return None
        copies = [(v, z3.Const(f"{v}!byte", v.sort())) for v in map(self._src_var, held)]
        return z3.Exists([c for _, c in copies], z3.substitute(ok, *copies))

    def _src_names_in(self, term: z3.ExprRef) -> frozenset[str]:
        """The source choices ``term`` mentions (by name; memoized across the check)."""
        if self._src_names is None:
            self._src_names = frozenset(v.decl().name() for v in self.src_vars)
        return mentioned_names(term, self._src_names, self._names_memo)

    def _src_var(self, name: str) -> z3.ExprRef:
        if self._src_by_name is None:
            self._src_by_name = {v.decl().name(): v for v in self.src_vars}
        return self._src_by_name[name]

    def _undef_query(self) -> Query | None:
        """A returned lane that the target leaves undefined (different values for different
        undef choices) where the source's is one value whatever its undef choices."""
        tgt_undef = self.tgt.undef_choices
        if not tgt_undef or not self._lanes():
            return None
        t_copy = [(v, z3.Const(f"{v}!copy", v.sort())) for v in tgt_undef]
        s_copy = [(v, z3.Const(f"{v}!copy", v.sort())) for v in self.src.undef_choices]
        bad = []
        for s, t in self._lanes():
            s_fixed = z3.And(z3.Not(s.poison), s.value == z3.substitute(s.value, *s_copy)) if s_copy else z3.Not(s.poison)
            t2 = Lane(z3.substitute(t.value, *t_copy), z3.substitute(t.poison, *t_copy))
            bad.append(z3.And(s_fixed, z3.Not(t.poison), z3.Not(t2.poison), t.value != t2.value))
        body = z3.And(self.src_ok, self.tgt_ok, z3.substitute(self.tgt_ok, *t_copy), self.src.returned, any_of(bad))
        t_copy_of = {v.decl().name(): c for v, c in t_copy}
        s_copy_of = {v.decl().name(): c for v, c in s_copy}
        mirror = [
            (s_copy_of[sv.decl().name()], t_copy_of[tv.decl().name()])
            for sv, tv in self.tactics.mirror_instance()
            if sv.decl().name() in s_copy_of and tv.decl().name() in t_copy_of
        ]
        return Query(
            "undef", body, extra_vars=[c for _, c in t_copy], extra_forall=[c for _, c in s_copy], mirror_extra=mirror
        )


def _without(ub: z3.BoolRef, names: frozenset[str], known: Memo[frozenset[str]]) -> z3.BoolRef:
    """``ub`` (a disjunction of UB conditions) without the conditions that mention one of
    ``names``, which implies ``ub`` (``ub`` itself when none is dropped). ``known``: the
    constants of every subterm walked, shared by a check's lane queries (the conditions
    share most of their subterms, a memory's chain of writes)."""
    conds = ub.children() if z3.is_or(ub) else [ub]

    def mentioned(c: z3.BoolRef) -> frozenset[str]:
        return constant_names(c, known)

    keep = [c for c in conds if not (mentioned(c) & names)]
    if len(keep) == len(conds):
        return ub
    return any_of(keep)


def _lane_poison_ok(s: Lane, t: Lane) -> z3.BoolRef:
    return z3.Implies(t.poison, s.poison)


def _lane_value_ok(s: Lane, t: Lane) -> z3.BoolRef:
    return z3.Or(s.poison, z3.And(z3.Not(t.poison), t.value == s.value))


def check_refinement(src: Function, tgt: Function, options: CheckOptions | None = None) -> Verdict:
    return RefinementCheck(src, tgt, options or CheckOptions()).run()


__all__ = [
    "CheckOptions",
    "Example",
    "Verdict",
    "check_refinement",
    "RefinementCheck",
    "TRUE",
]
