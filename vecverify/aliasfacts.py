"""Aliasing conditions decided by the source's own facts, before the memory query.

A read resolves the writes before it into an if-then-else chain on whether the keys are
the same (``memory.same_key``). Where keys share a symbolic block, the condition stays
(``block_a == block_b and off_b == off_a + 4``, where the pointers may be null or poison:
``If(a_null or a_poison, 0, off_a)``), and what rules it out is a fact elsewhere in the
query: a loop witness's step assumes the runtime alias check it runs under (``ptrtoint a
- ptrtoint b >=u 16``: the source is UB where it fails). Bit-blasted, the solver has to
relate the adders of the check to those of every key pair, across the whole memory
query: LoopVectorize's ``align.ll`` step, 16 bytes read through 12 stores, was unknown
for Z3, Bitwuzla and cvc5 at 120 s; deciding each condition with the solver against the
facts is as hard (0.3 s or more each, hundreds of them).

Here the facts ``F`` are the input constraints and the source's UB conditions that
mention no memory (``src_ok`` implies ``F``). First the Boolean (and 1-bit) inputs ``F``
fixes are found (a pointer argument the source accesses is neither null nor poison:
``F`` with the other value simplifies to false). With those values a condition simplifies to equations between
offsets and blocks; substituting them into ``F`` (``off_b := off_a + 4``, ``block_b :=
block_a``), the check's ``ptrtoint a - ptrtoint b`` simplifies to a constant and ``F`` to
false where the condition is impossible, without the solver. Such a condition is
replaced by false. Exact for a query whose body has ``src_ok`` and the input
constraints as conjuncts (every failure query): a model of it satisfies ``F``, so the
condition is false in it and the rewritten query holds there too; an ``unsat`` of the
rewritten query is a proof, and a model of it is a candidate replayed like any other.
Undecided conditions stay as they were.
"""

from __future__ import annotations

import time

import z3

from .semantics.core import FALSE, Context
from .terms import APP, QUANTIFIER, Dag, Memo, mentions_array, simplify

# Keys of at least this many bits (offsets, 72-bit pointers) make an aliasing condition.
KEY_BITS = 64
# Finding the fixed inputs, in all: a share of the query's limit.
BUDGET_SHARE = 0.25
MAX_LITERALS = 32


def _is_input(t: z3.ExprRef) -> bool:
    return z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED


class AliasFacts:
    """Decides aliasing conditions against facts (see the module's docstring)."""

    def __init__(self, facts: list[z3.BoolRef], budget_s: float, deadline: float | None = None) -> None:
        self.facts = z3.And(*facts) if facts else z3.BoolVal(True)
        self.until = time.monotonic() + budget_s
        if deadline is not None:
            self.until = min(self.until, deadline)
        self._fixed: list[tuple[z3.ExprRef, z3.ExprRef]] | None = None
        self._simple: z3.BoolRef | None = None  # the facts with the fixed inputs' values
        self._decided: dict[int, tuple[z3.ExprRef, bool]] = {}  # condition id -> (term kept alive, false?)
        self._has_array: Memo[bool] = Memo()
        # Subterms walked by decide under the current facts: a memory's chain of writes
        # is shared by the terms of every address read, and walked once.
        self._walked: Memo[bool] = Memo()
        self._false_pairs: list[tuple[z3.ExprRef, z3.ExprRef]] = []  # each ruled-out condition -> false
        self.ruled_out = 0

    @staticmethod
    def of(ub: z3.BoolRef, pre: list[z3.BoolRef], budget_s: float, deadline: float | None = None) -> AliasFacts:
        """The facts of a check: its input constraints, and no UB from the source's
        conditions that mention no memory (``ub``: the source's UB, a disjunction)."""
        kids = ub.children() if z3.is_or(ub) else [ub]
        out = AliasFacts([], budget_s, deadline)
        out.facts = z3.And(*pre, *[z3.Not(c) for c in kids if not z3.is_false(c) and not out._memory(c)])
        return out

    def add(self, facts: list[z3.BoolRef]) -> None:
        """More facts: what they rule out is found anew (what was ruled out stays so)."""
        self.facts = z3.And(self.facts, *facts)
        self._fixed = self._simple = None
        self._decided = {k: v for k, v in self._decided.items() if v[1]}
        self._walked.clear()  # (a condition left undecided may be ruled out now)

    def _memory(self, t: z3.ExprRef) -> bool:
        """Whether ``t`` reads memory (an array) anywhere."""
        return mentions_array(t, self._has_array)

    def _is_condition(self, dag: Dag, n: object) -> bool:
        """Whether the raw node ``n`` is an aliasing condition: an equation of keys, or a
        conjunction with one, that reads no memory."""
        def wide_eq(m: object) -> bool:
            return dag.decl_kind(m) == z3.Z3_OP_EQ and dag.bv_size(dag.children(m)[0]) >= KEY_BITS
        op = dag.decl_kind(n)
        if not (wide_eq(n) or (op == z3.Z3_OP_AND and any(wide_eq(c) for c in dag.children(n)))):
            return False
        return not mentions_array(dag.wrap(n), self._has_array)

    def _fixed_inputs(self) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
        """The Boolean and 1-bit inputs of the facts that have one value wherever the
        facts hold, found by simplification: the facts with the input's other value
        simplify to false (a pointer the source accesses made poison or null: that
        access's UB condition holds). Within the budget."""
        if self._fixed is not None:
            return self._fixed
        self._fixed = []
        found: dict[int, z3.ExprRef] = {}
        seen: set[int] = set()
        stack: list[z3.ExprRef] = [self.facts]
        while stack:
            t = stack.pop()
            if t.get_id() in seen:
                continue
            seen.add(t.get_id())
            if _is_input(t) and (z3.is_bool(t) or (isinstance(t, z3.BitVecRef) and t.size() == 1)):
                found[t.get_id()] = t
            stack.extend(t.children())
        for v in sorted(found.values(), key=str)[:MAX_LITERALS]:
            if time.monotonic() >= self.until:
                break
            values = (z3.BoolVal(False), z3.BoolVal(True)) if z3.is_bool(v) else (z3.BitVecVal(0, 1), z3.BitVecVal(1, 1))
            for value, other in (values, values[::-1]):
                if z3.is_false(simplify(z3.substitute(self.facts, (v, other)))):
                    self._fixed.append((v, value))
                    break
        return self._fixed

    def _false(self, t: z3.ExprRef) -> bool:
        """Whether the facts rule ``t`` out, found without the solver: ``t`` with the
        fixed inputs' values is equations (``x == e``, ``x`` an input) whose
        substitution into the facts simplifies them to false."""
        k = t.get_id()
        found = self._decided.get(k)
        if found is not None:
            return found[1]
        fixed = self._fixed_inputs()
        if self._simple is None:
            self._simple = simplify(z3.substitute(self.facts, *fixed)) if fixed else simplify(self.facts)
        cond = simplify(z3.substitute(t, *fixed)) if fixed else simplify(t)
        out = z3.is_false(cond)
        eqs = [e for e in (cond.children() if z3.is_and(cond) else [cond]) if z3.is_eq(e)]
        for flip in (False, True):
            if out:
                break
            subs = [(e.arg(1), e.arg(0)) if flip else (e.arg(0), e.arg(1)) for e in eqs]
            subs = [(x, y) for x, y in subs if _is_input(x)]
            out = bool(subs) and z3.is_false(simplify(z3.substitute(self._simple, *subs)))
        self.ruled_out += out
        self._decided[k] = (t, out)
        if out:
            self._false_pairs.append((t, FALSE))
        return out

    def decide(self, term: z3.ExprRef) -> z3.ExprRef:
        """``term`` with the aliasing conditions the facts rule out replaced by false.
        Only subterms not walked before are walked; every condition ruled out so far is
        substituted (one ruled out where another term was decided is as false here)."""
        dag = Dag(term.ctx)
        walked = self._walked
        walked.keep(term)
        stack = [term.as_ast()]
        while stack:
            n = stack.pop()
            k = dag.id(n)
            if k in walked.values:
                continue
            walked.values[k] = True
            kind = dag.kind(n)
            if kind == QUANTIFIER:
                continue
            if kind == APP and self._is_condition(dag, n):
                self._false(dag.wrap(n))
                continue
            stack.extend(dag.children(n))
        return simplify(z3.substitute(term, *self._false_pairs)) if self._false_pairs else term


class SourceReads:
    """``Context.decide_reads`` for a source: each byte it loads with the aliasing
    conditions ruled out by the facts so far (the input constraints and no UB from the
    conditions met before the load that mention no memory). Up to the first point where
    the source is UB, every rewritten term has its original's value (the facts of each
    rewrite held there), and from that point on it is UB either way: the source is the
    same function. The source's loaded values are then the terms the target computes
    where the runtime check keeps the accesses apart, so that the two sides' NaN choices
    for the same computation pair up (floating.choice_key), which the memory query's
    first pick relies on."""

    def __init__(self, pre: list[z3.BoolRef], budget_s: float, deadline: float | None = None) -> None:
        self.facts = AliasFacts(pre, budget_s, deadline)
        self._seen = 0  # the UB conditions of the context taken in

    def __call__(self, ctx: Context, term: z3.ExprRef) -> z3.ExprRef:
        if len(ctx.ub_conds) > self._seen:
            new = [z3.Not(c) for c in ctx.ub_conds[self._seen:] if not z3.is_false(c) and not self.facts._memory(c)]
            self._seen = len(ctx.ub_conds)
            if new:
                self.facts.add(new)
        return self.facts.decide(term)
