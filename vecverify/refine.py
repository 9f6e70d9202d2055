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
reported; one that does not replay is an internal error, never a verdict.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import z3

from .errors import InputError, InternalError, Unsupported
from .ir.function import Function
from .semantics.calls import Environment
from .semantics.concrete import substitute
from .semantics.core import TRUE, Lane, all_of, any_of, undef_variables
from .semantics.executor import FIRST_LOCAL_BLOCK, Behaviour, execute
from .semantics.globaldefs import used_globals, with_initializers
from .semantics.inputs import (
    InputOptions,
    Inputs,
    build_inputs,
    observed_pointer_args,
    probe_values,
)
from .semantics.memory import KEY, in_bounds

# Rounds of counterexample-guided instantiation before a query goes to Z3 quantified.
MAX_INSTANTIATIONS = 64
# Source choices are first sought among target terms: at most this many candidates for
# each, and this many rounds of picking.
MAX_CANDIDATES = 8
MAX_SKOLEM_ROUNDS = 64
# Source choices of at most this many bits in all are quantified by writing out every value.
MAX_EXPANDED_CHOICE_BITS = 7
# A query first gets this part of its time symbolically; if that is not enough, concrete
# probes (at most PROBE_ROUNDS, in this part of what is left) look for a counterexample.
QUICK_SHARE = 0.05
PROBE_ROUNDS = 64
PROBE_SHARE = 0.2
_NO_SKOLEM = object()

ERR_UB = "Source is more defined than target"
ERR_POISON = "Target is more poisonous than source"
ERR_UNDEF = "Target's return value is more undefined"
ERR_VALUE = "Value mismatch"
ERR_MEMORY = "Mismatch in memory"
ERR_DOMAIN = "Source and target don't have the same return domain"


@dataclass(frozen=True)
class CheckOptions:
    unroll: int = 4
    timeout_ms: int = 10_000
    undef_inputs: bool = True
    poison_inputs: bool = True
    smt2_dir: Path | None = None
    # A time.monotonic() value past which every query gives up ("failed to prove"):
    # bounds the whole check, whose queries each get timeout_ms (fuzz campaigns' budget).
    deadline: float | None = None


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


@dataclass
class Verdict:
    status: str  # correct | incorrect | failed | unsupported | error
    error: str | None = None  # the ERROR line for incorrect verdicts
    detail: str = ""
    example: Example | None = None
    unroll: int = 0
    has_loops: bool = False
    seconds: float = 0.0
    queries: int = 0

    @property
    def correct(self) -> bool:
        return self.status == "correct"


@dataclass
class _Query:
    name: str
    # Failure condition over inputs, target choices and (free) source choices.
    body: z3.BoolRef
    extra_vars: list[z3.ExprRef] = field(default_factory=list)  # e.g. the byte address
    extra_forall: list[z3.ExprRef] = field(default_factory=list)  # more source-side copies
    # How to pair those extra source copies with target ones for the first guess.
    mirror_extra: list[tuple[z3.ExprRef, z3.ExprRef]] = field(default_factory=list)


class _Unknown(Exception):
    pass


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


def check_signatures(src: Function, tgt: Function) -> None:
    if len(src.args) != len(tgt.args) or any(
        a.type != b.type for a, b in zip(src.args, tgt.args, strict=False)
    ) or src.ret_type != tgt.ret_type:
        raise InputError(
            f"signature mismatch between @{src.name} ({src.signature()}) and "
            f"@{tgt.name} ({tgt.signature()})"
        )


def check_byte_order(src: Function, tgt: Function) -> None:
    if src.big_endian != tgt.big_endian:
        raise Unsupported("source and target modules of different byte orders")


class RefinementCheck:
    def __init__(self, src: Function, tgt: Function, options: CheckOptions):
        check_signatures(src, tgt)
        check_byte_order(src, tgt)
        self.options = options
        globals_, differing = used_globals(src, tgt)
        self.inputs = build_inputs(
            src,
            InputOptions(options.poison_inputs, options.undef_inputs),
            globals_,
            observed_pointer_args(src) | observed_pointer_args(tgt),
        )
        # Unknown functions: the source's calls define them, the target's must match.
        self.env = Environment(FIRST_LOCAL_BLOCK, frozenset(self.inputs.constant_blocks))
        self.src = execute(src, self.inputs, "src", options.unroll, self.env)
        tgt_inputs = self.inputs if not differing else replace(  # its own constants' bytes
            self.inputs, memory=with_initializers(self.inputs.memory, differing, self.inputs.global_blocks))
        self.tgt = execute(tgt, tgt_inputs, "tgt", options.unroll, self.env)
        self.src_vars = self.src.choices
        self.pre = all_of(self.inputs.pre)
        # The environment's constraints may mention source choices, so they go with the
        # source's definedness, inside the quantifier over those choices.
        self.src_ok = z3.And(z3.Not(self.src.ub), z3.Not(self.src.sink), *self.env.constraints)
        self.tgt_ok = z3.And(z3.Not(self.tgt.ub), z3.Not(self.tgt.sink))
        self.queries = 0
        self._mirror: list[tuple[z3.ExprRef, z3.ExprRef]] | None = None

    # ----------------------------------------------------------------- formulas

    def _lanes(self) -> list[tuple[Lane, Lane]]:
        if self.src.ret is None or self.tgt.ret is None:
            return []
        return list(zip(self.src.ret, self.tgt.ret, strict=True))

    def poison_ok(self) -> z3.BoolRef:
        return self._when_returned(all_of([z3.Implies(t.poison, s.poison) for s, t in self._lanes()]))

    def value_ok(self) -> z3.BoolRef:
        return self._when_returned(all_of(
            [z3.Or(s.poison, z3.And(z3.Not(t.poison), t.value == s.value)) for s, t in self._lanes()]
        ))

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

    def memory_ok(self, a: z3.BitVecRef) -> z3.BoolRef:
        (sd, sp), (td, tp) = self.src.memory.read(a), self.tgt.memory.read(a)
        ok = z3.Or(sp, z3.And(z3.Not(tp), td == sd))
        # Memory is not observed after both end in a trap.
        both_trap = z3.simplify(z3.And(self.src.unobserved, self.tgt.unobserved))
        return ok if z3.is_false(both_trap) else z3.Or(both_trap, ok)

    def failure(self, part_ok: z3.BoolRef) -> z3.BoolRef:
        """The source is defined, the target is defined, and ``part_ok`` fails (all with
        the source's choices free: the query quantifies them universally)."""
        return z3.And(self.src_ok, self.tgt_ok, z3.Not(part_ok))

    # ----------------------------------------------------------------- solving

    def _formula(self, q: _Query) -> z3.BoolRef:
        body = q.body
        if self.src_vars or q.extra_forall:
            body = z3.ForAll(self.src_vars + q.extra_forall, body)
        return z3.And(self.pre, body)

    def _solve(self, q: _Query, share: float = 1.0) -> z3.ModelRef | None:
        """A model of the failure, None if there is none; _Unknown if the solver gives up.

        The symbolic search gets a short first slice of the time, which settles most
        queries; if that is not enough, concrete probes look for a counterexample (cheap,
        and often decisive for a wrong rewrite), then the symbolic search runs again
        with the rest of the time.
        """
        self.queries += 1
        if self.options.smt2_dir is not None:
            self._write_smt2(q)
        now = time.monotonic()
        deadline = now + share * self.options.timeout_ms / 1000
        if self.options.deadline is not None:
            deadline = min(deadline, self.options.deadline)
        try:
            return self._solve_symbolic(q, min(deadline, now + QUICK_SHARE * (deadline - now)))
        except _Unknown:
            pass
        now = time.monotonic()
        found = self._probe(q, min(deadline, now + PROBE_SHARE * (deadline - now)))
        if found is not None:
            return found
        return self._solve_symbolic(q, deadline)

    def _solve_symbolic(self, q: _Query, deadline: float) -> z3.ModelRef | None:
        """With source choices the query is ``exists inputs, target choices: forall source
        choices: failure``. It is solved by counterexample-guided instantiation first
        (quantifier-free queries: guess inputs, then look for source choices that refute
        them and add those as constraints), and only then handed to Z3 whole.
        """
        forall = self.src_vars + q.extra_forall
        if not forall:
            return self._check(z3.And(self.pre, q.body), deadline)
        if _choice_bits(forall) <= MAX_EXPANDED_CHOICE_BITS:
            return self._check(z3.And(self.pre, *_every_choice(q.body, forall)), deadline)
        found = self._defined_inputs_first(q, deadline)
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
            refute = self._check(z3.Not(substitute(z3.And(self.pre, q.body), self._fixed(q, model))), deadline)
            if refute is None:
                return model  # no source choice avoids the failure: a real counterexample
            choice = [(v, refute.eval(v, model_completion=True)) for v in forall]
            guess.add(z3.substitute(q.body, *choice))
        return self._check(self._formula(q), deadline)

    def _defined_inputs_first(self, q: _Query, deadline: float) -> z3.ModelRef | None:
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

    def _no_source_choice_avoids(self, q: _Query, model: z3.ModelRef, deadline: float) -> bool:
        """Whether the failure the model shows (its inputs and target choices) happens
        for every source choice: then it is a real counterexample."""
        if not (self.src_vars or q.extra_forall):
            return True
        return self._check(z3.Not(substitute(z3.And(self.pre, q.body), self._fixed(q, model))), deadline) is None

    def _probe(self, q: _Query, deadline: float) -> z3.ModelRef | None:
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
        except _Unknown:
            pass  # out of probing time: the symbolic search decides
        return None

    def _candidates(self, q: _Query, forall: list[z3.ExprRef]) -> dict[str, list[z3.ExprRef]]:
        """For each source choice, the target terms it may plausibly equal: the target's
        undef uses of the same argument lane (or undef constant), the target choice made
        by the same instruction, and values the target shows."""
        by_guard: dict[str, list[z3.ExprRef]] = {}
        for v in self.tgt.undef_choices:
            by_guard.setdefault(str(self.tgt.undef_guards[str(v)]), []).append(v)
        tgt_by_name = {str(v).split("!", 1)[1]: v for v in self.tgt.choices}
        by_hint: dict[str, list[z3.ExprRef]] = {}
        for v in self.tgt.choices:
            if str(v) not in self.tgt.undef_guards and str(v).count("!") >= 2:
                by_hint.setdefault(str(v).split("!")[1], []).append(v)
        extra = {str(a): b for a, b in q.mirror_extra}
        # The mirror pairing (the k-th use of an input in the source with the k-th in the
        # target) first among a choice's undef candidates: exact for a function against
        # itself, where each value's uses copy its choices in the same order.
        mirror = {str(a): b for a, b in self._mirror_instance()} | extra
        tgt_by_key = {k: v for v in self.tgt.choices if (k := self.tgt.choice_keys.get(str(v))) is not None}
        out: dict[str, list[z3.ExprRef]] = {}
        for v in forall:
            name = str(v)
            options: list[z3.ExprRef] = []
            # The target choice made for the very same computation comes first.
            twin = tgt_by_key.get(self.src.choice_keys.get(name, -1))
            if twin is not None:
                options.append(twin)
            if name in self.src.undef_guards:
                paired = mirror.get(name)
                if paired is not None and all(not paired.eq(o) for o in options):
                    options.append(paired)
                options += [o for o in by_guard.get(str(self.src.undef_guards[name]), [])
                            if all(not o.eq(p) for p in options)]
            same = tgt_by_name.get(name.split("!", 1)[1]) if "!" in name else None
            if same is not None and all(not same.eq(o) for o in options):
                options.append(same)
            # Other target choices of the same kind (a NaN, a frozen value), which the
            # target may have made in another order.
            hint = name.split("!")[1] if name.count("!") >= 2 else None
            for kind_mate in by_hint.get(hint or "", []):
                if all(not kind_mate.eq(o) for o in options):
                    options.append(kind_mate)
            if name in extra:
                options.append(extra[name])
            # What the target shows (returned lanes, call arguments): a choice that
            # decides an observed value may simply equal the target's.
            for shown in self.tgt.observed:
                if shown.sort() == v.sort() and all(not shown.eq(o) for o in options):
                    options.append(shown)
            options = [o for o in options if o.sort() == v.sort()][:MAX_CANDIDATES]
            # A per-use copy may take the value of the choice it copies (the value
            # read once and reused): the only pick left when the target has no
            # counterpart, as for an input the target reads fewer times.
            original = self.src.undef_copy_of.get(name)
            if original is not None:
                options.append(original)
            if options:
                out[name] = options
        return out

    def _skolem_search(self, q: _Query, forall: list[z3.ExprRef], deadline: float) -> object:
        """Look for source choices as a function of the target's: each source choice
        picks one of its candidate target terms (a selector per choice), and the failure
        must then be impossible; choices of a bit or two with no candidate (NaN signs
        and payload picks) are instead written out for every value. Each round asks, for
        the current pick, for a failure; a failure that no source choice avoids is a real
        counterexample, else it rules out the picks it defeats. Returns None (no failure:
        proved), a model (a real counterexample), or _NO_SKOLEM (no pick works: the
        caller tries harder)."""
        cands = self._candidates(q, forall)
        small = [v for v in forall if str(v) not in cands and (not z3.is_bv(v) or v.size() <= 2)]
        if _choice_bits(small) > 6:
            small = []
        if not cands and not small:
            return _NO_SKOLEM
        by_name = {str(v): v for v in forall}
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
            instance = z3.simplify(every_small(substituted(q.body, chosen)))
            if z3.is_false(instance):
                return None
            model = self._check(z3.And(self.pre, instance), deadline)
            if model is None:
                return None
            if self._no_source_choice_avoids(q, model, deadline):
                return model  # no source choice avoids this failure
            if not cands:
                return _NO_SKOLEM
            picker.add(z3.Not(substitute(every_small(substituted(q.body, symbolic)), self._fixed(q, model))))
            picked = self._check_solver(picker, deadline)
            if picked is None:
                return _NO_SKOLEM
            pick = {n: picked.eval(selectors[n], model_completion=True).as_long() for n in cands}
        return _NO_SKOLEM

    def _mirror_instance(self) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
        """A first guess for the source's choices: the target's corresponding ones. The
        k-th undef use of an argument lane in the source takes the value of the k-th in
        the target; other choices pair by position. Exact for a function checked against
        itself, and a good start whenever the two are alike."""
        if self._mirror is not None:
            return self._mirror
        by_guard: dict[str, list[z3.ExprRef]] = {}
        for v in self.tgt.undef_choices:
            by_guard.setdefault(str(self.tgt.undef_guards[str(v)]), []).append(v)
        pairs = []
        used: dict[str, int] = {}
        for v in self.src.undef_choices:
            guard = str(self.src.undef_guards[str(v)])
            options = by_guard.get(guard, [])
            k = used.get(guard, 0)
            used[guard] = k + 1
            if options and options[0].sort() == v.sort():
                pairs.append((v, options[min(k, len(options) - 1)]))
        tgt_by_name = {str(v).split("!", 1)[1]: v for v in self.tgt.choices}
        paired = {str(v) for v, _ in pairs}
        for v in self.src_vars:
            t = tgt_by_name.get(str(v).split("!", 1)[1])
            if str(v) not in paired and t is not None and t.sort() == v.sort():
                pairs.append((v, t))
        self._mirror = pairs
        return pairs

    def _check(self, formula: z3.BoolRef, deadline: float) -> z3.ModelRef | None:
        solver = z3.Solver()
        solver.add(formula)
        return self._check_solver(solver, deadline)

    def _check_solver(self, solver: z3.Solver, deadline: float) -> z3.ModelRef | None:
        left_ms = int((deadline - time.monotonic()) * 1000)
        if left_ms <= 0:
            raise _Unknown("timeout")
        solver.set(timeout=left_ms)
        result = solver.check()
        if result == z3.unsat:
            return None
        if result == z3.unknown:
            raise _Unknown(solver.reason_unknown())
        return solver.model()

    def _write_smt2(self, q: _Query) -> None:
        assert self.options.smt2_dir is not None
        self.options.smt2_dir.mkdir(parents=True, exist_ok=True)
        solver = z3.Solver()
        solver.add(self._formula(q))
        name = f"{self.src.function.name}-{self.tgt.function.name}-{q.name}.smt2"
        (self.options.smt2_dir / name).write_text(solver.to_smt2())

    def _replay(self, q: _Query, model: z3.ModelRef) -> None:
        """Evaluate the failure condition at the model's inputs and target choices: it must
        hold for every source choice. Otherwise the counterexample is not real."""
        body = substitute(z3.And(self.pre, q.body), self._fixed(q, model))
        if z3.is_true(body):
            return
        if self.src_vars or q.extra_forall:
            check = z3.Solver()
            check.set(timeout=self.options.timeout_ms)
            check.add(z3.Not(body))
            if check.check() == z3.unsat:
                return
        raise InternalError(f"the counterexample for '{q.name}' does not replay")

    def _input_and_target_vars(self, q: _Query) -> list[z3.ExprRef]:
        return self.inputs.variables() + self.env.variables + self.tgt.choices + q.extra_vars

    def _fixed(self, q: _Query, model: z3.ModelRef) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
        """The model's inputs and target choices, as substitution pairs."""
        return [(v, model.eval(v, model_completion=True)) for v in self._input_and_target_vars(q)]

    def _example(self, q: _Query, model: z3.ModelRef, address: z3.ExprRef | None = None) -> Example:
        # One source choice under which the source is defined, to show its values.
        fixed = self._fixed(q, model)
        src_choices: list[tuple[z3.ExprRef, z3.ExprRef]] = []
        if self.src_vars:
            s = z3.Solver()
            s.set(timeout=self.options.timeout_ms)
            s.add(substitute(self.src_ok, fixed))
            if s.check() == z3.sat:
                m = s.model()
                src_choices = [(v, m.eval(v, model_completion=True)) for v in self.src_vars]
        return Example(model, self.inputs, self.src, self.tgt, src_choices, address, self.env.variables)

    # ----------------------------------------------------------------- the check

    def run(self) -> Verdict:
        start = time.monotonic()
        verdict = self._run()
        verdict.seconds = time.monotonic() - start
        verdict.queries = self.queries
        verdict.unroll = self.options.unroll
        verdict.has_loops = self.src.has_loops or self.tgt.has_loops
        return verdict

    def _run(self) -> Verdict:
        # Alive2's order. The "more undefined" query quantifies twice over the source's
        # choices and can be slow where the value query is quick: it first gets a fifth
        # of the time, and if that is not enough it runs again, in full, after the rest.
        steps: list[tuple[str, Callable[[], _Query | None], float]] = [
            (ERR_UB, lambda: _Query("ub", z3.And(self.src_ok, self.tgt.ub)), 1.0),
            (ERR_DOMAIN, self._domain_query, 1.0),
            (ERR_POISON, lambda: _Query("poison", self.failure(self.poison_ok())) if self._lanes() else None, 1.0),
            (ERR_UNDEF, self._undef_query, 0.2),
            (ERR_VALUE, lambda: _Query("value", self.failure(self.value_ok())) if self._lanes() else None, 1.0),
            (ERR_MEMORY, self._memory_query, 1.0),
        ]
        deferred: list[tuple[str, _Query]] = []
        try:
            for error, make, share in steps:
                q = make()
                if q is None:
                    continue
                try:
                    model = self._solve(q, share)
                except _Unknown:
                    if share == 1.0:
                        raise
                    deferred.append((error, q))
                    continue
                if model is not None:
                    return self._incorrect(error, q, model)
            for error, q in deferred:
                model = self._solve(q)
                if model is not None:
                    return self._incorrect(error, q, model)
            if self.src_vars:
                q = self._joint_query()
                model = self._solve(q)
                if model is not None:
                    return self._incorrect(ERR_VALUE, q, model)
        except _Unknown as e:
            reason = str(e)
            detail = "timeout" if "timeout" in reason or "canceled" in reason else reason
            return Verdict("failed", detail=f"solver gave up: {detail}")
        return Verdict("correct")

    def _incorrect(self, error: str, q: _Query, model: z3.ModelRef) -> Verdict:
        self._replay(q, model)
        address = q.extra_vars[0] if q.name == "memory" else None
        return Verdict("incorrect", error, example=self._example(q, model, address))

    def _domain_query(self) -> _Query | None:
        if z3.is_true(self.src.returned) and z3.is_true(self.tgt.returned):
            return None
        return _Query("domain", self.failure(self.domain_ok()))

    def _memory_query(self) -> _Query | None:
        if not self.inputs.blocks:
            return None
        a = z3.Const("mismatch!address", KEY)
        return _Query("memory", z3.And(self.in_blocks(a), self.failure(self.memory_ok(a))), [a])

    def _joint_query(self) -> _Query:
        """One execution of the source matches the target's whole outcome (its choices
        shared by the return value and the memory), as opposed to the queries before,
        each of which lets the source choose anew."""
        ok = [self.domain_ok(), self.poison_ok(), self.value_ok()]
        if self.inputs.blocks:
            a = z3.Const("joint!address", KEY)
            memory = self._memory_byte_ok(a)
            if memory is not None:
                ok.append(z3.ForAll([a], z3.Implies(self.in_blocks(a), memory)))
        return _Query("joint", self.failure(all_of(ok)))

    def _memory_byte_ok(self, a: z3.BitVecRef) -> z3.BoolRef | None:
        """The final memory at ``a`` refines, for the joint query. Each byte the caller
        reads later is a use of its own, so the undef choices a source byte holds get a
        copy per byte (chosen per address, as in the memory query), while its other
        choices (frozen values, NaNs, call outputs) stay those of the execution. None
        when the source's bytes hold no choice but undef ones: the memory query has
        checked exactly that already (and the nested quantifier is slow)."""
        ok = self.memory_ok(a)
        byte, poison = self.src.memory.read(a)
        held = {str(v): v for t in (byte, poison) for v in undef_variables(t, self.src.undef_guards)}
        if not held:
            return ok
        every = {str(c): TRUE for c in self.src.choices}
        others = [v for t in (byte, poison) for v in undef_variables(t, every) if str(v) not in held]
        if not others:
            return None
        copies = [(v, z3.Const(f"{v}!byte", v.sort())) for v in held.values()]
        return z3.Exists([c for _, c in copies], z3.substitute(ok, *copies))

    def _undef_query(self) -> _Query | None:
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
        t_copy_of = {str(v): c for v, c in t_copy}
        s_copy_of = {str(v): c for v, c in s_copy}
        mirror = [
            (s_copy_of[str(sv)], t_copy_of[str(tv)])
            for sv, tv in self._mirror_instance()
            if str(sv) in s_copy_of and str(tv) in t_copy_of
        ]
        return _Query(
            "undef", body, extra_vars=[c for _, c in t_copy], extra_forall=[c for _, c in s_copy], mirror_extra=mirror
        )


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
