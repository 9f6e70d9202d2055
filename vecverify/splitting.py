"""Exact splits of the refinement check's memory and joint queries (issue 24).

A function that stores lanes computed with nondeterministic choices (``fmuladd``'s
fusion, NaN payloads) makes the memory query hard as a whole: its address is symbolic,
so every stored lane's computation is in the one query, and the quantifier over the
source's choices covers them all. Two facts make it split exactly:

- **Written bytes.** A read of final memory at an address no write hit is the initial
  byte on both sides (when neither side called an unknown function, which clobbers
  memory wholesale), so the memory can only differ at the addresses written. The memory
  query is then the disjunction of one query per group of written addresses (its
  address one of the group's: ``a == k1 or a == k2 ...``, each read at the address term
  itself, which resolves to the byte written there without the solver) and one query for
  every other address (initial memory on both sides).
- **Choice-disjoint parts.** For disjoint choice sets c_i,
  ``forall c: S(c) and not(P_1(c_1) and ... and P_n(c_n))`` is
  ``(forall c: S(c)) and or_i (forall c_i: not P_i(c_i))``; so the joint query (one
  execution of the source matches the target's whole outcome) is the disjunction of its
  groups' queries, a group being the conjuncts (returned lanes, written bytes) whose
  source choices overlap. Conjuncts that mention no source choice are left out: the
  earlier query each belongs to (poison, value, memory) has already shown they hold.

Each part is a query like the others (counterexamples replayed on the part as stated,
which implies the whole). Only sizes are bounded here: too many written addresses and
no split is made (the whole query stays).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import z3

from .semantics.core import FALSE, TRUE
from .semantics.memory import Clobber, Memory, Write, key_shape, same_key
from .terms import Memo, input_names, simplify

# Beyond this many distinct written addresses (both sides), no split.
MAX_WRITTEN_KEYS = 512


def written_keys(memories: Sequence[Memory]) -> list[z3.BitVecRef] | None:
    """The distinct addresses the writes of ``memories`` (oldest first, each side's in
    turn) write to; None when one of them may have been clobbered by a call (then any
    address may differ) or when there are too many."""
    # Simplified keys by id, each kept alive while the keys are collected: a freed
    # term's id is given to the next new term, and a key would look like one seen.
    seen: dict[int, z3.ExprRef] = {}
    out: list[z3.BitVecRef] = []
    for mem in memories:
        for w in mem.writes:
            if isinstance(w, Clobber):
                return None
            assert isinstance(w, Write)
            key = simplify(w.key)
            if key.get_id() in seen:
                continue
            seen[key.get_id()] = key
            out.append(w.key)
            if len(out) > MAX_WRITTEN_KEYS:
                return None
    return out


def unresolved_writes(mem: Memory, key: z3.BitVecRef, limit: int) -> int:
    """How many of ``mem``'s writes a read at ``key`` cannot tell hit or missed without
    the solver (counted up to ``limit + 1``): the read's byte is then a chain of choices
    between them, mentioning every source choice they hold."""
    shape = key_shape(key)
    count = 0
    for w in mem.writes:
        if isinstance(w, Write):
            same = same_key(key, shape, w.key, w.shape)
            if same is TRUE or same is FALSE or z3.is_true(same) or z3.is_false(same):
                continue
        count += 1
        if count > limit:
            break
    return count


def initial(mem: Memory) -> Memory:
    """``mem`` before its writes: what a read at an address none of them hit gives."""
    return Memory(mem.init_data, mem.init_poison)


class _Groups:
    """Union-find over items by the names they mention."""

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, i: int, j: int) -> None:
        self.parent[self.find(i)] = self.find(j)


class NameGroups:
    """The names seen so far, grouped as choice_groups would group the items that
    mention them (names mentioned together are one group): how large the largest is."""

    def __init__(self) -> None:
        self._index: dict[str, int] = {}
        self._groups = _Groups(0)
        self._size: list[int] = []
        self.largest = 0

    def add(self, names: frozenset[str]) -> None:
        roots = set()
        for n in names:
            if n not in self._index:
                self._index[n] = len(self._size)
                self._groups.parent.append(len(self._size))
                self._size.append(1)
            roots.add(self._groups.find(self._index[n]))
        if len(roots) > 1:
            first, *rest = roots
            for r in rest:
                self._groups.union(r, first)
                self._size[first] += self._size[r]
        if roots:
            self.largest = max(self.largest, self._size[self._groups.find(next(iter(roots)))])


def choice_groups(items: Sequence[frozenset[str]]) -> tuple[list[list[int]], list[int]]:
    """Items (by the choice names each mentions) grouped so that no two groups share a
    name: (the groups, each a list of item indices in order; the items mentioning none)."""
    groups = _Groups(len(items))
    owner: dict[str, int] = {}
    for i, names in enumerate(items):
        for n in names:
            if n in owner:
                groups.union(i, owner[n])
            else:
                owner[n] = i
    by_root: dict[int, list[int]] = {}
    free = []
    for i, names in enumerate(items):
        if not names:
            free.append(i)
        else:
            by_root.setdefault(groups.find(i), []).append(i)
    return list(by_root.values()), free


NO_NAMES: frozenset[str] = frozenset()


def mentioned_names(term: z3.ExprRef, names: frozenset[str], memo: Memo[frozenset[str]]) -> frozenset[str]:
    """The names among ``names`` of the uninterpreted constants free in ``term``
    (``memo``: for these ``names``, shared across calls, so the common subterms of many
    terms are walked once)."""
    return input_names(term, memo, names)


def any_of_keys(a: z3.BitVecRef, keys: Sequence[z3.BitVecRef],
                failing: Callable[[z3.BitVecRef], z3.BoolRef]) -> z3.BoolRef:
    """``a`` is one of ``keys`` and fails there: ``or_k (a == k and failing(k))``, each
    failure stated at the key term itself (reads there resolve to the byte written)."""
    return z3.Or(*[z3.And(a == k, failing(k)) for k in keys])
