"""Undef per use: each use of a value whose bits depend on undef choices sees its own
copy of those choices.

By the LangRef an undef value may be a different value at each of its uses, and so may
every value computed from one (``%y = add %x, 0`` with an undef ``%x`` is undef too:
``xor %y, %y`` may be anything). Alive2 renames a value's undef variables at each use;
this is the same rule, written for this executor:

* every undef choice has an *owner*: the value (a tuple of lanes) that may still use it
  as it is. A use of a value keeps the choices that value owns and copies the others
  (fresh choices with the same guard, so they are undef exactly where the originals
  are); the choices kept pass to the instruction doing the use, and when it defines a
  value, to that value. So a value's first use costs nothing, a second use copies;
* a choice held by something that is not a value (memory a store wrote, a returned
  lane, a branch condition, a call argument) is copied at every later use: each load of
  a stored undef byte gets its own copy;
* a value merged at a join (an ite of the values on the incoming paths) takes over what
  those own;
* ``freeze`` replaces undef choices by ordinary ones, which have no owner: it ends it.

Only the choices a value's terms mention are copied, and nothing is copied when no undef
choice was ever made (``--disable-undef-input``, ``noundef`` arguments, no ``undef``
constant). The copies are choices of the side that makes them: existential in the
source, universal in the target, like the originals.
"""

from __future__ import annotations

from typing import Any

import z3

from ..terms import APP, NUMERAL, VAR, Dag, Memo
from .core import FALSE, Context, Lane, SymValue

# The memo of which undef choices each term mentions is a cache: it is emptied when it
# holds this many terms (a long-unrolled loop's terms number in the millions), so its
# memory stays bounded. Each entry is a bit mask (bit i: the i-th choice named).
MEMO_LIMIT = 2_000_000
# Masks turned back into sets of names, the last this many kept.
SETS_LIMIT = 256
NO_NAMES: frozenset[str] = frozenset()


class UndefUses:
    def __init__(self, ctx: Context):
        self.ctx = ctx
        self._owner: dict[str, object] = {}
        self._holder: object = object()  # the instruction being executed
        self._first_new = 0  # ctx.choices index where that instruction's own choices start
        # Term id -> mask of the undef choices in it (the roots walked kept alive, so
        # that ids are not reused). Bounded by MEMO_LIMIT (see there).
        self._memo: Memo[int] = Memo()
        self._dag: Dag | None = None
        # Terms whose choices count as none (seal): kept apart from the memo, which is
        # emptied now and then.
        self._sealed: dict[int, z3.ExprRef] = {}
        self._bit: dict[str, int] = {}  # choice name -> its bit in the masks
        self._named: list[str] = []  # bit -> choice name
        self._sets: dict[int, frozenset[str]] = {}  # mask -> names (the last SETS_LIMIT)

    # ------------------------------------------------------------------ instructions

    def begin(self) -> None:
        """An instruction starts: choices it keeps or makes are held by it."""
        self._holder = object()
        self._first_new = len(self.ctx.choices)

    def define(self, value: SymValue) -> None:
        """The instruction defines ``value``: the choices in it that the instruction holds
        (kept from its operands or made by its semantics) pass to it."""
        if not self.ctx.undef_guards:
            return
        for v in self.ctx.choices[self._first_new:]:
            if (name := v.decl().name()) in self.ctx.undef_guards:
                self._owner.setdefault(name, self._holder)
        for name in self.names(value):
            if self._owner.get(name) is self._holder:
                self._owner[name] = value

    def merge(self, merged: SymValue, parts: list[SymValue]) -> None:
        """``merged`` is the value of one instruction at a join, an ite of the values it
        has on the incoming paths: the choices those own (no use took them yet) pass to
        it, so its first use takes them as they are."""
        if not self.ctx.undef_guards:
            return
        for part in parts:
            for name in self.names(part):
                if self._owner.get(name) is part:
                    self._owner[name] = merged

    # ------------------------------------------------------------------ uses

    def use(self, value: SymValue) -> SymValue:
        """``value`` as one use sees it."""
        if not self.ctx.undef_guards:
            return value
        pairs = []
        for name in sorted(self.names(value)):
            if self._owner.get(name) is value:
                self._owner[name] = self._holder
                continue
            original, copy = self.ctx.copy_undef(name)
            self._owner[copy.decl().name()] = self._holder
            pairs.append((original, copy))
        if not pairs:
            return value
        return tuple(Lane(z3.substitute(lane.value, *pairs), z3.substitute(lane.poison, *pairs)) for lane in value)

    def copies(self, term: z3.ExprRef, hint: str) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
        """Substitution pairs giving every undef choice in ``term`` a fresh ordinary
        choice (what another execution could have picked). Each copy is recorded as a
        copy of its original (Context.undef_copy_of), which the solver's search for the
        source's choices offers it, and the original's complement."""
        pairs = []
        for n in sorted(self.term_names(term)):
            original = self.ctx.undef_vars[n]
            copy = self.ctx.fresh(hint, original.size())
            self.ctx.undef_copy_of[copy.decl().name()] = original
            pairs.append((original, copy))
        return pairs

    def dependent(self, term: z3.BitVecRef) -> z3.BoolRef:
        """Whether ``term`` takes another value for other undef choices: the term with
        every undef choice replaced by a fresh copy differs. The copies are this side's
        choices, so the refinement check quantifies them like the originals."""
        copies = self.copies(term, "undef.copy")
        return term != z3.substitute(term, *copies) if copies else FALSE

    def seal(self, *terms: z3.ExprRef) -> None:
        """Terms whose undef choices are none of the values built on them: the outputs of
        a call of an unknown function (a target call's outputs are those of the source
        call it matches, and the match compares memory that may hold undef: the match is
        made once, at the call), and path conditions (see Executor.run)."""
        for t in terms:
            self._sealed[t.get_id()] = t
            self._seal_one(t)

    def _seal_one(self, t: z3.ExprRef) -> None:
        self._memo.keep(t)
        self._memo.values[t.get_id()] = 0

    # ------------------------------------------------------------------ which choices

    def names(self, value: SymValue) -> frozenset[str]:
        mask = 0
        for lane in value:
            mask |= self._mask(lane.value) | self._mask(lane.poison)
        return self._as_names(mask)

    def term_names(self, term: z3.ExprRef) -> frozenset[str]:
        """The undef choices ``term`` mentions (memoized over the term DAG)."""
        return self._as_names(self._mask(term))

    def memo_size(self) -> int:
        """How many terms the memo holds now (at most MEMO_LIMIT plus one term's walk)."""
        return len(self._memo.values)

    def _as_names(self, mask: int) -> frozenset[str]:
        if not mask:
            return NO_NAMES
        found = self._sets.get(mask)
        if found is None:
            if len(self._sets) >= SETS_LIMIT:
                self._sets.clear()
            bits = bin(mask)[:1:-1]  # bit 0 first
            found = self._sets[mask] = frozenset(self._named[i] for i, b in enumerate(bits) if b == "1")
        return found

    def _mask(self, term: z3.ExprRef) -> int:
        """The mask of the undef choices ``term`` mentions: a walk over its DAG through
        Z3's C API (terms.py), memoized."""
        if not self.ctx.undef_guards:
            return 0
        hit = self._memo.values.get(term.get_id())
        if hit is not None:
            return hit
        if len(self._memo.values) >= MEMO_LIMIT:
            self._memo = Memo()
            for t in self._sealed.values():
                self._seal_one(t)
        if self._dag is None:
            self._dag = Dag(term.ctx)
        dag, guards, sealed = self._dag, self.ctx.undef_guards, self._sealed
        steps = 0

        def leaf(n: Any) -> int | None:
            nonlocal steps
            steps += 1
            if steps % 4096 == 0:  # a large term: the whole check's deadline
                self.ctx.check_time()
            kind = dag.kind(n)
            if kind in (NUMERAL, VAR) or dag.id(n) in sealed:
                return 0
            if kind == APP and dag.num_args(n) == 0:
                if dag.decl_kind(n) != z3.Z3_OP_UNINTERPRETED:
                    return 0
                name = dag.name(n)
                return 1 << self._bit_of(name) if name in guards else 0
            return None

        def combine(n: Any, kids: list[int]) -> int:
            found = 0
            for m in kids:
                found |= m
            return found

        return dag.fold(term, leaf, combine, self._memo)

    def _bit_of(self, name: str) -> int:
        bit = self._bit.get(name)
        if bit is None:
            bit = self._bit[name] = len(self._named)
            self._named.append(name)
        return bit
