"""The solver tactics of the refinement check: how one query (a failure condition over
the inputs, the target's choices and the source's choices, the latter quantified
universally) is decided within its time.

A query first gets a short slice of its time symbolically: without source choices it is
a plain satisfiability query; with few choice bits the quantifier is written out; else
a cheap look at defined inputs, then a search for source choices as a function of the
target's (each picks one of its candidate target terms), then counterexample-guided
instantiation, and only then Z3 with the quantifier. If that slice is not enough,
concrete probes look for a counterexample, and the symbolic search runs again with the
rest of the time. Every model returned is one that no source choice avoids.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

import z3

from .portfolio import DEFAULT_SOLVER, WALL, Clock, SolverGaveUp, decide, decide_by_others
from .semantics.calls import Environment
from .semantics.concrete import substitute
from .semantics.core import Z3_CTRL_C
from .semantics.executor import Behaviour
from .semantics.inputs import Inputs, probe_values
from .splitting import mentioned_names
from .terms import Memo, input_names, simplify

# Rounds of counterexample-guided instantiation before a query goes to Z3 quantified.
MAX_INSTANTIATIONS = 64
# Source choices are first sought among target terms: at most this many candidates for
# each, and this many rounds of picking.
MAX_CANDIDATES = 8
MAX_SKOLEM_ROUNDS = 64
# Source choices of at most this many bits in all are quantified by writing out every value.
MAX_EXPANDED_CHOICE_BITS = 7
# Source choices of a bit or two are written out in the search for the others, at most
# this many bits in all.
MAX_WRITTEN_OUT_BITS = 6
# A query first gets this part of its time symbolically; if that is not enough, concrete
# probes (at most PROBE_ROUNDS, in this part of what is left) look for a counterexample.
QUICK_SHARE = 0.05
PROBE_ROUNDS = 64
# The cheap look at defined inputs (proving nothing) gets at most this part of a slice.
DEFINED_FIRST_SHARE = 0.1
PROBE_SHARE = 0.2
# A query's weaker form (Query.weaker) gets at most this part of its time first.
WEAKER_SHARE = 0.25
# With another solver than Z3 in play, a quantified query the quick search did not decide
# goes to it whole next, with at most this part of the time left (Bitwuzla decides many in well under a second that the
# search below and Z3 do not decide in minutes: Alive2's loops/ctlz unrolled 32 times).
OTHERS_WHOLE_SHARE = 0.25
_NO_SKOLEM = object()
_UNDECIDED = object()
# The first pick's instance gets at most this long in Z3's contextual simplifier.
CTX_SIMPLIFY_MS = 2000
# With cases (Tactics.make_cases), a query as a whole first gets this part of its time,
# then each case (a query of its own, as a split's parts) at most this part of it; a
# case not decided in its part leaves the query to the whole, with its time.
CASES_WHOLE_FIRST_SHARE = 0.1
CASE_SHARE = 0.5


@dataclass
class Query:
    """One query of the check, for a counterexample."""

    name: str
    # Failure condition over inputs, target choices and (free) source choices.
    body: z3.BoolRef
    extra_vars: list[z3.ExprRef] = field(default_factory=list)  # e.g. the byte address
    extra_forall: list[z3.ExprRef] = field(default_factory=list)  # more source-side copies
    # How to pair those extra source copies with target ones for the first guess.
    mirror_extra: list[tuple[z3.ExprRef, z3.ExprRef]] = field(default_factory=list)
    # A failure condition that ``body`` implies (an inner existential over source
    # copies instantiated at one witness): no failure of it means none of ``body``, so
    # the Skolem search refutes its instances with it; a failure it shows is only a
    # candidate, checked against ``body`` itself.
    relaxed: z3.BoolRef | None = None
    # A query this one implies (the same failure under fewer of the sides' UB
    # conditions): tried first, with WEAKER_SHARE of the time; no failure of it is none
    # of this one, a failure it shows is not looked at (this one decides).
    weaker: Query | None = None


@dataclass(frozen=True)
class Case:
    """One case of an exact partition of the inputs (Tactics.make_cases): its
    condition, and where the case is one value of an input, that input and its value
    (substituted into the query as well: the solver sees the smaller formula whatever
    its own preprocessing does)."""

    condition: z3.BoolRef
    pin: tuple[z3.ExprRef, z3.ExprRef] | None = None


def _pinned(q: Query, pin: tuple[z3.ExprRef, z3.ExprRef] | None) -> Query:
    """``q`` with ``pin``'s input replaced by its value (``q`` itself without a pin)."""
    if pin is None:
        return q
    return replace(q, body=substitute(q.body, [pin]),
                   relaxed=None if q.relaxed is None else substitute(q.relaxed, [pin]),
                   weaker=None if q.weaker is None else _pinned(q.weaker, pin))


class Unknown(Exception):
    """The solver gave up (its reason: the message)."""


def _name(v: z3.ExprRef) -> str:
    """A choice's (an uninterpreted constant's) name: what str() gives, without running
    Z3's printer (slow: it was much of a large check's time)."""
    return v.decl().name()


def _choice_bits(choices: list[z3.ExprRef]) -> int:
    return sum(v.size() if z3.is_bv(v) else 1 for v in choices)


def _every_choice(body: z3.BoolRef, choices: list[z3.ExprRef]) -> list[z3.BoolRef]:
    """``body`` for every value of the (few) choice bits: the universal quantifier
    written out, which leaves a quantifier-free query."""
    out = []
    for n in range(1 << _choice_bits(choices)):
        pairs = []
        shift = 0
        for v in choices:
            w = v.size() if z3.is_bv(v) else 1
            bits = (n >> shift) & ((1 << w) - 1)
            shift += w
            pairs.append((v, z3.BitVecVal(bits, w) if z3.is_bv(v) else z3.BoolVal(bool(bits))))
        out.append(z3.substitute(body, *pairs))
    return out


_STAND_INS: dict[int, z3.ExprRef] = {}


def _stand_in(sort: z3.SortRef) -> z3.ExprRef:
    """A constant of ``sort`` that no formula mentions (one per sort)."""
    key = sort.get_id()
    if key not in _STAND_INS:
        _STAND_INS[key] = z3.Const(f"absent!{len(_STAND_INS)}", sort)  # (it keeps its sort, so the id)
    return _STAND_INS[key]


# Up to this many choices, which occur in a term is found by substitution (below), beyond
# by one walk over the term.
MAX_SUBSTITUTED_CHOICES = 24


def constant_names(term: z3.ExprRef, memo: Memo[frozenset[str]] | None = None) -> frozenset[str]:
    """The names of the uninterpreted constants in ``term`` (bound variables of its
    quantifiers aside), one visit per shared subterm (``memo``: shared by the calls on
    terms with common subterms)."""
    return input_names(term, memo)


def _occurring(term: z3.ExprRef, choices: list[z3.ExprRef],
               memos: dict[frozenset[str], Memo[frozenset[str]]] | None = None,
               ) -> list[z3.ExprRef]:
    """The choices (uninterpreted constants) that occur in ``term``. For a few, those
    whose replacement changes it: Z3 substitutes in C, one pass over the shared term per
    call, far faster than walking the term from Python; a group whose replacement leaves
    the term as it is is dropped whole, else halved. For many, one walk (a pass per
    choice would cost more; with ``memos``, per set of choices, shared by the queries of a check, whose
    terms share most of their subterms: see splitting.mentioned_names)."""
    if len(choices) > MAX_SUBSTITUTED_CHOICES:
        wanted = frozenset(v.decl().name() for v in choices)
        if memos is None:
            names = constant_names(term)
        else:
            names = mentioned_names(term, wanted, memos.setdefault(wanted, Memo()))
        return [v for v in choices if v.decl().name() in names]
    found: set[int] = set()
    groups = [choices]
    while groups:
        group = groups.pop()
        pairs = [(v, _stand_in(v.sort())) for v in group]
        if z3.substitute(term, *pairs).eq(term):
            continue
        if len(group) == 1:
            found.add(group[0].get_id())
        else:
            groups += [group[: len(group) // 2], group[len(group) // 2:]]
    return [v for v in choices if v.get_id() in found]


class SolverOptions(Protocol):
    """What of the check's options the tactics read (refine.CheckOptions)."""

    @property
    def timeout_ms(self) -> int: ...
    @property
    def deadline(self) -> float | None: ...
    @property
    def smt2_dir(self) -> Path | None: ...
    @property
    def solver(self) -> str: ...


class _Picks:
    """A source choice's candidate target terms: distinct, of its sort, at most
    MAX_CANDIDATES (a loop's thousands of kind mates are not all compared)."""

    def __init__(self, sort: z3.SortRef) -> None:
        self.sort = sort
        self.options: list[z3.ExprRef] = []
        self._seen: set[int] = set()

    def offer(self, o: z3.ExprRef | None) -> bool:
        """Add ``o`` if new and of the sort; False once the list is full."""
        if o is not None and len(self.options) < MAX_CANDIDATES and o.get_id() not in self._seen and o.sort() == self.sort:
            self._seen.add(o.get_id())
            self.options.append(o)
        return len(self.options) < MAX_CANDIDATES


class Tactics:
    """Solves the queries of one check of ``src`` against ``tgt`` on ``inputs``."""

    def __init__(self, options: SolverOptions, inputs: Inputs, env: Environment, src: Behaviour, tgt: Behaviour,
                 pre: z3.BoolRef):
        self.options = options
        self.inputs = inputs
        self.env = env
        self.src = src
        self.tgt = tgt
        self.src_vars = src.choices
        self.pre = pre
        self.queries = 0
        # Which solver decided each check (portfolio.py), and per query its seconds and
        # the solver of its last decided check: reported in --json.
        self.decided: Counter[str] = Counter()
        self.log: list[dict[str, object]] = []
        self._last_solver = ""
        # A query's limit counts wall time, or with CheckOptions.cpu_time this process's
        # CPU time (the whole check's own deadline, when set, is wall time: a cap).
        self.clock = Clock(True, options.deadline) if getattr(options, "cpu_time", False) else WALL
        self._mirror: list[tuple[z3.ExprRef, z3.ExprRef]] | None = None
        self._names_memo: dict[tuple[int, tuple[int, ...]], frozenset[int]] = {}
        self._names_keep: list[z3.ExprRef] = []
        self._walk_memos: dict[frozenset[str], Memo[frozenset[str]]] = {}
        self._candidate_memo: dict[str, list[z3.ExprRef]] = {}
        # Makes an exact partition of the inputs (conditions over them whose disjunction
        # is true where a failure can be, e.g. a trip count's values in a bounded check:
        # vecverify/loops/bounded.py), made when a query is first not decided quickly as
        # a whole: such queries are then decided case by case, each case a precondition
        # the solver simplifies
        # with (a formula Z3 does not decide in minutes can take 0.1 s once ``n`` is a
        # constant). [] from it: no partition.
        self.make_cases: Callable[[], list[Case]] | None = None
        self._cases: list[Case] | None = None

    def formula(self, q: Query) -> z3.BoolRef:
        body = q.body
        if self.src_vars or q.extra_forall:
            body = z3.ForAll(self.src_vars + q.extra_forall, body)
        return z3.And(self.pre, body)

    def solve(self, q: Query, share: float = 1.0) -> z3.ModelRef | None:
        """A model of the failure, None if there is none; Unknown if the solver gives up.
        With cases, the whole first within a short part of the time, then case by case,
        each within a part: a failure in any case is one of the whole (the model is of
        the query itself), no failure in every case is none; if a case is not decided
        in its part, the whole query gets its time."""
        if self.make_cases is None:
            return self._solve_case(q, share)
        try:
            return self._solve_case(q, share * CASES_WHOLE_FIRST_SHARE)
        except Unknown:
            pass
        if self._cases is None:
            self._cases = self.make_cases()
        whole = self.pre
        try:
            for case in self._cases:
                self.pre = z3.And(whole, case.condition)  # the model then has the pinned input's value
                model = self._solve_case(_pinned(q, case.pin), share * CASE_SHARE)
                if model is not None:
                    return model
            if self._cases:
                return None
        except Unknown:
            pass
        finally:
            self.pre = whole
        return self._solve_case(q, share)

    def _solve_case(self, q: Query, share: float) -> z3.ModelRef | None:
        """A model of the failure under ``self.pre``, None if there is none; Unknown if
        the solver gives up.

        The symbolic search gets a short first slice of the time, which settles most
        queries; if that is not enough, concrete probes look for a counterexample (cheap,
        and often decisive for a wrong rewrite), then the symbolic search runs again
        with the rest of the time.
        """
        if self.options.deadline is not None and time.monotonic() >= self.options.deadline:
            raise Unknown("timeout")  # the whole check's time ran out (no query started after it)
        self.queries += 1
        if self.options.smt2_dir is not None:
            self._write_smt2(q)
        start = time.monotonic()
        self._last_solver = ""
        entry: dict[str, object] = {"query": q.name}
        self.log.append(entry)
        try:
            if q.weaker is not None and self._refuted(q.weaker, share * WEAKER_SHARE):
                entry["result"] = "unsat"
                entry["weaker"] = True
                return None
            found = self._solve(q, share)
            entry["result"] = "unsat" if found is None else "sat"
            return found
        except Unknown:
            entry["result"] = "unknown"
            raise
        finally:
            entry["seconds"] = round(time.monotonic() - start, 3)
            entry["solver"] = self._last_solver

    def _refuted(self, q: Query, share: float) -> bool:
        """Whether ``q`` has no failure, decided within ``share`` of the time (False
        when it shows one or the solver gives up)."""
        try:
            return self._solve(q, share) is None
        except Unknown:
            return False

    def _solve(self, q: Query, share: float) -> z3.ModelRef | None:
        now = self.clock.now()
        deadline = now + share * self.options.timeout_ms / 1000
        if self.options.deadline is not None and not self.clock.cpu:
            deadline = min(deadline, self.options.deadline)
        try:
            return self._solve_symbolic(q, min(deadline, now + QUICK_SHARE * (deadline - now)))
        except Unknown:
            pass
        now = self.clock.now()
        whole = self._whole_by_others(q, min(deadline, now + OTHERS_WHOLE_SHARE * (deadline - now)))
        if whole is not _UNDECIDED:
            return whole  # type: ignore[return-value]
        now = self.clock.now()
        found = self.probe(q, min(deadline, now + PROBE_SHARE * (deadline - now)))
        if found is not None:
            return found
        return self._solve_symbolic(q, deadline)

    def _solve_symbolic(self, q: Query, deadline: float) -> z3.ModelRef | None:
        """With source choices the query is ``exists inputs, target choices: forall source
        choices: failure``. It is solved by counterexample-guided instantiation first
        (quantifier-free queries: guess inputs, then look for source choices that refute
        them and add those as constraints), and only then handed to Z3 whole.
        """
        forall = self._mentioned(q, self.src_vars + q.extra_forall)
        if not forall:
            return self._check(z3.And(self.pre, q.body), deadline)
        if _choice_bits(forall) <= MAX_EXPANDED_CHOICE_BITS:
            return self._check(z3.And(self.pre, *_every_choice(q.body, forall)), deadline)
        # The look at defined inputs leaves the source's other choices (NaN payloads)
        # free, which can make it the hardest query of all: it gets a slice of the time.
        now = self.clock.now()
        try:
            found = self._defined_inputs_first(q, min(deadline, now + DEFINED_FIRST_SHARE * (deadline - now)))
        except Unknown:
            found = None
        if found is not None:
            return found
        found = self._skolem_search(q, forall, deadline)
        if found is not _NO_SKOLEM:
            return found  # type: ignore[return-value]
        guess = z3.Solver()
        guess.add(self.pre, q.body)  # the first instance: source choices free
        for _ in range(MAX_INSTANTIATIONS):
            model = self._check_solver(guess, deadline)
            if model is None:
                return None
            refute = self._check(z3.Not(substitute(z3.And(self.pre, q.body), self.fixed(q, model))), deadline)
            if refute is None:
                return model  # no source choice avoids the failure: a real counterexample
            choice = [(v, refute.eval(v, model_completion=True)) for v in forall]
            guess.add(z3.substitute(q.body, *choice))
        return self._check(self.formula(q), deadline)

    def _whole_by_others(self, q: Query, deadline: float) -> object:
        """A quantified query that the quick search did not decide, decided whole by the
        solvers other than Z3 (``--solver`` portfolio, bitwuzla or cvc5): a model
        (Z3-confirmed), None (no failure), or _UNDECIDED (none of them answered, the query
        has no source choices, or Z3 alone is asked for)."""
        forall = self._mentioned(q, self.src_vars + q.extra_forall)
        if not forall or _choice_bits(forall) <= MAX_EXPANDED_CHOICE_BITS:
            return _UNDECIDED  # quantifier-free: decide() races the others already
        solver = z3.Solver()
        solver.add(self.pre, z3.ForAll(forall, q.body))
        try:
            answer = decide_by_others(solver, deadline, getattr(self.options, "solver", DEFAULT_SOLVER), self.clock)
        except SolverGaveUp:
            return _UNDECIDED
        self.decided[answer.solver] += 1
        self._last_solver = answer.solver
        return answer.model if answer.result == "sat" else None

    def _mentioned(self, q: Query, choices: list[z3.ExprRef]) -> list[z3.ExprRef]:
        """The choices ``q.body`` (or ``q.relaxed``, where a choice the body holds only
        in a quantified copy is free) mentions: a quantifier over the others is vacuous
        (the target's UB, say, whatever NaN payloads the source picks), so dropping them
        leaves the same query, often a quantifier-free one."""
        if not choices:
            return choices
        mentioned: set[int] = set()
        for body in (q.body, q.relaxed):
            if body is None:
                continue
            key = (body.get_id(), tuple(v.get_id() for v in choices))
            found = self._names_memo.get(key)
            if found is None:
                found = frozenset(v.get_id() for v in _occurring(body, choices, self._walk_memos))
                self._names_memo[key] = found
                self._names_keep.append(body)  # (its id is not reused while memoized)
            mentioned |= found
        return [v for v in choices if v.get_id() in mentioned]

    def _defined_inputs_first(self, q: Query, deadline: float) -> z3.ModelRef | None:
        """Most real bugs show on inputs that are not undef, where the source has (almost)
        no choices left: one cheap query looks there first. Returns a replayable
        counterexample, or None (which proves nothing)."""
        defined = [z3.Not(u) for a in self.inputs.args for u in a.undef if not z3.is_false(u)]
        if not defined:
            return None
        model = self._check(z3.And(self.pre, *defined, q.body), deadline)
        if model is not None and self._no_source_choice_avoids(q, model, deadline):
            return model
        return None

    def _no_source_choice_avoids(self, q: Query, model: z3.ModelRef, deadline: float) -> bool:
        """Whether the failure the model shows (its inputs and target choices) happens
        for every source choice: then it is a real counterexample."""
        if not (self.src_vars or q.extra_forall):
            return True
        return self._check(z3.Not(substitute(z3.And(self.pre, q.body), self.fixed(q, model))), deadline) is None

    def probe(self, q: Query, deadline: float) -> z3.ModelRef | None:
        """Look for a counterexample at concrete argument values (edge values and random
        bits, defined lanes, memory left symbolic) until ``deadline``. Pinned values let
        Z3 fold most of the formula, so a wrong float rewrite, say, is found in
        milliseconds where the symbolic query may take minutes. Finding nothing proves
        nothing."""
        try:
            for pins in probe_values(self.inputs, PROBE_ROUNDS):
                model = self._check(z3.And(self.pre, q.body, *pins), deadline)
                if model is not None and self._no_source_choice_avoids(q, model, deadline):
                    return model
        except Unknown:
            pass  # out of probing time: the symbolic search decides
        return None

    def _candidates(self, q: Query, forall: list[z3.ExprRef]) -> dict[str, list[z3.ExprRef]]:
        """_candidates_of, remembered per choice for the check's queries without extra
        copies (those of a split query ask for the same choices over and over)."""
        if q.mirror_extra or q.extra_forall:
            return self._candidates_of(q, forall)
        missing = [v for v in forall if _name(v) not in self._candidate_memo]
        if missing:
            found = self._candidates_of(q, missing)
            for v in missing:
                self._candidate_memo[_name(v)] = found.get(_name(v), [])
        return {_name(v): self._candidate_memo[_name(v)] for v in forall if self._candidate_memo[_name(v)]}

    def _candidates_of(self, q: Query, forall: list[z3.ExprRef]) -> dict[str, list[z3.ExprRef]]:
        """For each source choice, the target terms it may plausibly equal: the target's
        undef uses of the same argument lane (or undef constant), the target choice made
        by the same instruction, and values the target shows."""
        by_guard: dict[int, list[z3.ExprRef]] = {}
        for v in self.tgt.undef_choices:
            by_guard.setdefault(self.tgt.undef_guards[_name(v)].get_id(), []).append(v)
        tgt_by_name = {_name(v).split("!", 1)[1]: v for v in self.tgt.choices}
        by_hint: dict[str, list[z3.ExprRef]] = {}
        for v in self.tgt.choices:
            if _name(v) not in self.tgt.undef_guards and _name(v).count("!") >= 2:
                by_hint.setdefault(_name(v).split("!")[1], []).append(v)
        extra = {_name(a): b for a, b in q.mirror_extra}
        # The mirror pairing (the k-th use of an input in the source with the k-th in the
        # target) first among a choice's undef candidates: exact for a function against
        # itself, where each value's uses copy its choices in the same order.
        mirror = {_name(a): b for a, b in self.mirror_instance()} | extra
        tgt_by_key: dict[int, list[z3.ExprRef]] = {}
        for v in self.tgt.choices:
            if (k := self.tgt.choice_keys.get(_name(v))) is not None:
                tgt_by_key.setdefault(k, []).append(v)
        # The target may make the same computation twice (a vector fmul beside the
        # fmuladd that also multiplies, its lanes blended away): of the choices made for
        # it, those the query mentions first, then the last made.
        twins = [v for made in tgt_by_key.values() if len(made) > 1 for v in made]
        in_query = {v.get_id() for v in self._mentioned(q, twins)} if twins else set()
        out: dict[str, list[z3.ExprRef]] = {}
        for v in forall:
            name = _name(v)
            picks = _Picks(v.sort())
            offer = picks.offer
            # The target choice made for the very same computation comes first.
            same = tgt_by_key.get(self.src.choice_keys.get(name, -1), [])
            for o in sorted(reversed(same), key=lambda o: o.get_id() not in in_query):
                offer(o)
            if name in self.src.undef_guards:
                offer(mirror.get(name))
                for o in by_guard.get(self.src.undef_guards[name].get_id(), []):
                    if not offer(o):
                        break
            offer(tgt_by_name.get(name.split("!", 1)[1]) if "!" in name else None)
            # Other target choices of the same kind (a NaN, a frozen value), which the
            # target may have made in another order.
            hint = name.split("!")[1] if name.count("!") >= 2 else None
            for kind_mate in by_hint.get(hint or "", []):
                if not offer(kind_mate):
                    break
            offer(extra.get(name))
            # What the target shows (returned lanes, call arguments): a choice that
            # decides an observed value may simply equal the target's.
            for shown in self.tgt.observed:
                if not offer(shown):
                    break
            options = picks.options
            # A per-use copy may take the value of the choice it copies (the value
            # read once and reused): the only pick left when the target has no
            # counterpart, as for an input the target reads fewer times.
            # Or its complement: a value unlike the original in every bit, which shows
            # the source's UB on an undef value where it only shows when the two uses
            # differ (fsub -0.0, undef keeps both uses' NaNs alike: fp/fneg.srctgt.ll).
            original = self.src.undef_copy_of.get(name)
            if original is not None:
                options.extend((original, ~original))
            if options:
                out[name] = options
        return out

    def _skolem_search(self, q: Query, forall: list[z3.ExprRef], deadline: float) -> object:
        """Look for source choices as a function of the target's: each source choice
        picks one of its candidate target terms (a selector per choice), and the failure
        must then be impossible; choices of a bit or two with no candidate (NaN signs
        and payload picks) are instead written out for every value. Each round asks, for
        the current pick, for a failure; a failure that no source choice avoids is a real
        counterexample, else it rules out the picks it defeats. Returns None (no failure:
        proved), a model (a real counterexample), or _NO_SKOLEM (no pick works: the
        caller tries harder)."""
        cands = self._candidates(q, forall)
        body = q.body if q.relaxed is None else q.relaxed  # implied by q.body: see Query
        if cands and self._first_pick_refutes(body, forall, cands):
            self._last_solver = "simplifier"
            return None
        tiny = [v for v in forall if not z3.is_bv(v) or v.size() <= 2]
        small = [v for v in tiny if _name(v) not in cands]
        if _choice_bits(small) > MAX_WRITTEN_OUT_BITS:
            small = []
        elif _choice_bits(tiny) <= MAX_WRITTEN_OUT_BITS:
            # Few bits in all: every tiny choice written out, even one with candidates.
            # Exact, and it finds what no single pick can: a choice that must depend on
            # several target choices (the zero picks of min(min(a, b), c) against
            # min(a, min(b, c)) under nsz).
            small = tiny
            cands = {n: o for n, o in cands.items() if n not in {_name(v) for v in tiny}}
        if not cands and not small:
            return _NO_SKOLEM
        by_name = {_name(v): v for v in forall}
        selectors = {n: z3.BitVec(f"pick!{n}", 8) for n in cands}
        symbolic = []
        for n, options in cands.items():
            term = options[-1]
            for k in range(len(options) - 2, -1, -1):
                term = z3.If(selectors[n] == k, options[k], term)
            symbolic.append((by_name[n], term))

        def every_small(body: z3.BoolRef) -> z3.BoolRef:
            return z3.And(*_every_choice(body, small)) if small else body

        def substituted(body: z3.BoolRef, pairs: list[tuple[z3.ExprRef, z3.ExprRef]]) -> z3.BoolRef:
            # Twice: a copy picking its original choice, then the original its own pick.
            return z3.substitute(z3.substitute(body, *pairs), *pairs) if pairs else body

        picker = z3.Solver()
        picker.add(*[z3.ULT(selectors[n], len(cands[n])) for n in cands])
        pick = {n: 0 for n in cands}
        for _ in range(MAX_SKOLEM_ROUNDS):
            chosen = [(by_name[n], cands[n][k]) for n, k in pick.items()]
            instance = simplify(every_small(substituted(body, chosen)))
            if z3.is_false(instance):
                return None
            model = self._check(z3.And(self.pre, instance), deadline)
            if model is None:
                return None
            if self._no_source_choice_avoids(q, model, deadline):
                return model  # no source choice avoids this failure
            if not cands:
                return _NO_SKOLEM
            picker.add(z3.Not(substitute(every_small(substituted(body, symbolic)), self.fixed(q, model))))
            picked = self._check_solver(picker, deadline)
            if picked is None:
                return _NO_SKOLEM
            pick = {n: picked.eval(selectors[n], model_completion=True).as_long() for n in cands}
        return _NO_SKOLEM

    @staticmethod
    def _first_pick_refutes(body: z3.BoolRef, forall: list[z3.ExprRef],
                            cands: dict[str, list[z3.ExprRef]]) -> bool:
        """Whether ``body`` with every source choice that has candidates replaced by its
        first (the target's choice for the very same computation, where there is one)
        simplifies to false, without the solver: then that pick avoids every failure,
        whatever the other choices (left free, so existential: a stronger claim). A
        split query (one stored lane, say) of a function that computes the same lanes
        on both sides is refuted so."""
        pairs = [(v, cands[_name(v)][0]) for v in forall if _name(v) in cands]
        # The failure's own part first (a conjunction's last: the definedness of the
        # sides comes first, and is large), then the whole.
        last = [body.arg(body.num_args() - 1)] if z3.is_and(body) and body.num_args() > 1 else []
        for term in (*last, body):
            # Twice: a copy picking its original choice, then the original its own pick.
            instance = simplify(z3.substitute(z3.substitute(term, *pairs), *pairs))
            if z3.is_false(instance):
                return True
            # The contextual simplifier sees what the flattened form hides, as in memory's
            # "poison, or not poison and equal" with both poison conditions the same.
            try:
                if z3.is_false(z3.TryFor(z3.Tactic("ctx-simplify"), CTX_SIMPLIFY_MS)(instance).as_expr()):
                    return True
            except z3.Z3Exception as e:  # out of its time: nothing shown; Ctrl-C: the user's
                if Z3_CTRL_C in str(e):
                    raise KeyboardInterrupt from None
        return False

    def mirror_instance(self) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
        """A first guess for the source's choices: the target's corresponding ones. The
        k-th undef use of an argument lane in the source takes the value of the k-th in
        the target; other choices pair by position. Exact for a function checked against
        itself, and a good start whenever the two are alike."""
        if self._mirror is not None:
            return self._mirror
        by_guard: dict[int, list[z3.ExprRef]] = {}
        for v in self.tgt.undef_choices:
            by_guard.setdefault(self.tgt.undef_guards[_name(v)].get_id(), []).append(v)
        pairs = []
        used: dict[int, int] = {}
        for v in self.src.undef_choices:
            guard = self.src.undef_guards[_name(v)].get_id()
            options = by_guard.get(guard, [])
            k = used.get(guard, 0)
            used[guard] = k + 1
            if options and options[0].sort() == v.sort():
                pairs.append((v, options[min(k, len(options) - 1)]))
        tgt_by_name = {_name(v).split("!", 1)[1]: v for v in self.tgt.choices}
        paired = {_name(v) for v, _ in pairs}
        for v in self.src_vars:
            t = tgt_by_name.get(_name(v).split("!", 1)[1])
            if _name(v) not in paired and t is not None and t.sort() == v.sort():
                pairs.append((v, t))
        self._mirror = pairs
        return pairs

    def _check(self, formula: z3.BoolRef, deadline: float) -> z3.ModelRef | None:
        return self._check_solver(z3.Solver(), deadline, (formula,))

    def _check_solver(self, solver: z3.Solver, deadline: float,
                      pending: tuple[z3.BoolRef, ...] = ()) -> z3.ModelRef | None:
        try:
            answer = decide(solver, deadline, getattr(self.options, "solver", DEFAULT_SOLVER), self.clock,
                            pending)
        except SolverGaveUp as e:
            raise Unknown(str(e)) from None
        self.decided[answer.solver] += 1
        self._last_solver = answer.solver
        return answer.model if answer.result == "sat" else None

    def _write_smt2(self, q: Query) -> None:
        assert self.options.smt2_dir is not None
        self.options.smt2_dir.mkdir(parents=True, exist_ok=True)
        solver = z3.Solver()
        solver.add(self.formula(q))
        name = f"{self.src.function.name}-{self.tgt.function.name}-{q.name}.smt2"
        (self.options.smt2_dir / name).write_text(solver.to_smt2())

    def _input_and_target_vars(self, q: Query) -> list[z3.ExprRef]:
        return self.inputs.variables() + self.env.variables + self.tgt.choices + q.extra_vars

    def fixed(self, q: Query, model: z3.ModelRef) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
        """The model's inputs and target choices, as substitution pairs."""
        return [(v, model.eval(v, model_completion=True)) for v in self._input_and_target_vars(q)]
