"""Interleaved load combine (seed 004, LLVM's InterleavedLoadCombine): F shufflevector
trees over consecutive vector loads whose results are the F members of an interleaved
layout (member j, lane k = element ``j + F*k``) become one wide load ``<F*N x T>`` and
F shuffles ``<j, j+F, j+2F, ...>``.

Legal when (checked here, declined otherwise, with the reason):
- the roots, their trees and all their loads are in one block;
- the loads share one base and one set of variable terms, element type T and alignment,
  and the wide load starts where one of them starts (its pointer, its alignment);
- every byte the wide load reads is read by one of the trees' loads, or lies in the
  ``dereferenceable`` bytes of the argument it is based on;
- nothing between the first load and the last (where the wide load goes) may write
  those bytes: no aliasing store, no call that may write memory;
- every root comes after the last load (the new shuffles take the roots' places' uses).
Roots, shuffles and loads left without uses are removed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field

from transforms.vectorize.address import Access, Address, Linear, access_of, may_alias
from vecverify.ir.function import Block, Function
from vecverify.ir.types import IntType, VectorType
from vecverify.ir.values import (
    Argument,
    Call,
    ConstInt,
    ConstPoison,
    GetElementPtr,
    Instruction,
    Load,
    ShuffleVector,
    Store,
    Value,
)

from .lanes import Element, element_bytes, lane_sources, load_address, tree_nodes

FACTORS = (4, 3, 2)  # the highest first, as LLVM does: no combining and recombining
PURE_CALLS = ("llvm.assume",)


@dataclass
class Member:
    """A root shuffle whose defined lanes are the elements ``start + k*F*esize``."""

    root: ShuffleVector
    lanes: list[Element | None]
    base: Address  # of lane 0's element (its offset: the member's start)
    start: int


@dataclass
class Group:
    factor: int
    members: list[Member]  # member j starts j elements after member 0
    elem_bytes: int
    loads: list[Load] = field(default_factory=list)
    first_load: Load | None = None  # the load the wide load starts at

    @property
    def lanes(self) -> int:
        return len(self.members[0].lanes)

    def describe(self) -> str:
        t = self.members[0].root.type
        assert isinstance(t, VectorType)
        return f"factor {self.factor}, {self.factor} x {t} -> <{self.factor * t.count} x {t.elem}>"


@dataclass
class Knobs:
    """Ingredients the mutants change (vecverify/app/fuzz/mutants.py); the real transform
    uses the defaults."""

    stride_delta: int = 0  # added to the strided shuffles' stride
    member_order: Callable[[int], list[int]] = lambda f: list(range(f))  # member j gets shuffle order[j]
    start_delta: int = 0  # elements the wide load is moved by


@dataclass
class Result:
    function: Function
    groups: list[Group]
    declined: list[str]  # why candidate groups were left alone


def _element_offset(e: Element, esize: int) -> tuple[Address, int] | None:
    addr = load_address(e.load)
    if addr is None:
        return None
    return addr, addr.linear.offset + e.index * esize


def _member(root: ShuffleVector, factor: int) -> Member | None:
    esize = element_bytes(root.type)
    lanes = lane_sources(root)
    if esize is None or lanes is None or not any(lanes):
        return None
    placed = []
    for k, e in enumerate(lanes):
        if e is None:
            continue
        where = _element_offset(e, esize)
        if where is None or e.load.type.elem != root.type.elem:  # type: ignore[attr-defined]
            return None
        placed.append((k, where))
    k0, (base, off0) = placed[0]
    start = off0 - k0 * factor * esize
    for k, (addr, off) in placed:
        if not addr.same_object_terms(base) or off != start + k * factor * esize:
            return None
    return Member(root, lanes, base, start)


def find_groups(fn: Function, factors: tuple[int, ...] = FACTORS) -> tuple[list[Group], list[str]]:
    """Groups of F members in one block, the highest factor first; each shuffle in at
    most one group. Also the reasons candidate groups were declined."""
    groups: list[Group] = []
    declined: list[str] = []
    used: set[int] = set()
    for block in fn.blocks:
        shuffles = [i for i in block.instructions if isinstance(i, ShuffleVector)]
        for f in factors:
            members = [m for s in shuffles if id(s) not in used and (m := _member(s, f)) is not None]
            # Complete members first, and of those the last: a tree's inner shuffles can
            # look like members (with poison lanes, or passing lanes on unchanged), and
            # the group of the roots makes them dead.
            at = _position(block)
            members.sort(key=lambda m: (sum(e is None for e in m.lanes), -at[id(m.root)]))
            for m in members:
                if id(m.root) in used:
                    continue
                esize = element_bytes(m.root.type)
                assert esize is not None
                group = [m]
                for j in range(1, f):
                    partner = next((p for p in members if id(p.root) not in used and p.root is not m.root
                                    and all(p.root is not g.root for g in group)
                                    and p.root.type == m.root.type and p.base.same_object_terms(m.base)
                                    and p.start == m.start + j * esize), None)
                    if partner is None:
                        break
                    group.append(partner)
                if len(group) != f or _already_wide(group, f):
                    continue
                g = Group(f, group, esize)
                why = legality(block, g)
                if why:
                    declined.append(f"{g.describe()} at %{m.root.name or '?'}: {why}")
                    continue
                groups.append(g)
                used.update(id(n) for x in group for n in tree_nodes(x.root))
    return groups, declined


def _already_wide(group: list[Member], factor: int) -> bool:
    """Every lane comes from one load of all F*N elements: the group is combined
    already (the loop vectorizer's interleave groups), nothing to do."""
    loads = {id(e.load): e.load for m in group for e in m.lanes if e is not None}
    if len(loads) != 1:
        return False
    t = next(iter(loads.values())).type
    return isinstance(t, VectorType) and t.count == factor * len(group[0].lanes)


def _position(block: Block) -> dict[int, int]:
    return {id(inst): k for k, inst in enumerate(block.instructions)}


def legality(block: Block, g: Group) -> str:
    """Why ``g`` may not be combined ("" when it may); fills ``g.loads`` and
    ``g.first_load``."""
    pos = _position(block)
    nodes = [n for m in g.members for n in tree_nodes(m.root)]
    if any(id(n) not in pos for n in nodes):
        return "the trees span more than one block"
    loads = list({id(x): x for x in nodes if isinstance(x, Load)}.values())
    g.loads = loads
    if len({x.align for x in loads}) != 1:
        return "the loads have different alignments"
    base = g.members[0].base
    esize, f, n = g.elem_bytes, g.factor, g.lanes
    start, end = g.members[0].start, g.members[0].start + f * n * esize
    spans = []
    for x in loads:
        addr = load_address(x)
        size = element_bytes(x.type)
        if addr is None or size is None or not addr.same_object_terms(base):
            return "the loads are not all at constant offsets from one base"
        spans.append((addr.linear.offset, addr.linear.offset + size * x.type.count, x))  # type: ignore[attr-defined]
    first = next((x for lo, _, x in spans if lo == start), None)
    if first is None:
        return "no load starts where the wide load would"
    g.first_load = first
    if not _covered(start, end, spans) and not _dereferenceable(base, start, end):
        return "the wide load would read bytes the loads do not"
    last = max(pos[id(x)] for x in loads)
    earliest = min(pos[id(x)] for x in loads)
    if any(pos[id(m.root)] < last for m in g.members):
        return "a member is computed before the last load"
    wide = Access(Address(base.base, Linear(base.linear.terms, start)), end - start)
    for inst in block.instructions[earliest:last]:
        if isinstance(inst, Store) and may_alias(access_of(inst), wide):
            return "a store between the loads may write the bytes read"
        elif isinstance(inst, Call) and inst.callee not in PURE_CALLS:
            if inst.effects is None or inst.effects.writes:
                return f"a call of @{inst.callee} between the loads may write memory"
    return ""


def _covered(start: int, end: int, spans: list[tuple[int, int, Load]]) -> bool:
    at = start
    for lo, hi, _ in sorted(spans, key=lambda s: s[0]):
        if lo > at:
            break
        at = max(at, hi)
    return at >= end


def _dereferenceable(base: Address, start: int, end: int) -> bool:
    b = base.base
    return (isinstance(b, Argument) and not base.linear.terms and start >= 0
            and end <= b.attrs.dereferenceable)


# ----------------------------------------------------------------------------- rewrite


def rewrite(fn: Function, groups: list[Group], knobs: Knobs | None = None) -> None:
    """Combine each group in place (``fn`` is the function the groups were found in)."""
    knobs = knobs or Knobs()
    for g in groups:
        block = next(b for b in fn.blocks if any(i is g.members[0].root for i in b.instructions))
        _combine(fn, block, g, knobs)
    _remove_dead(fn, [n for g in groups for m in g.members for n in tree_nodes(m.root)])


def _combine(fn: Function, block: Block, g: Group, knobs: Knobs) -> None:
    first = g.first_load
    assert first is not None
    f, n = g.factor, g.lanes
    nt = g.members[0].root.type
    assert isinstance(nt, VectorType)
    wt = VectorType(f * n, nt.elem)
    ptr: Value = first.operands[0]
    new: list[Instruction] = []
    if knobs.start_delta:
        gep = GetElementPtr(ptr.type, None, [ptr, ConstInt(IntType(64), knobs.start_delta)], source_type=nt.elem)
        new.append(gep)
        ptr = gep
    wide = Load(wt, None, [ptr], align=first.align)
    new.append(wide)
    order = knobs.member_order(f)
    stride = f + knobs.stride_delta
    shuffles = []
    for j in range(f):
        mask = tuple(x if x < 2 * wt.count else None for x in (order[j] + stride * k for k in range(n)))
        s = ShuffleVector(nt, None, [wide, ConstPoison(wt)], mask=mask)
        shuffles.append(s)
    new += shuffles
    pos = _position(block)
    last = max(pos[id(x)] for x in g.loads)
    block.instructions[last + 1:last + 1] = new
    for m, s in zip(g.members, shuffles, strict=True):
        _replace_uses(fn, m.root, s)


def _replace_uses(fn: Function, old: Value, new: Value) -> None:
    for inst in fn.instructions():
        if inst is not new:
            inst.operands = [new if op is old else op for op in inst.operands]


def _remove_dead(fn: Function, candidates: list[Instruction]) -> None:
    """Remove the candidates (and the getelementptrs that only they used) once nothing
    uses them, until nothing changes."""
    pending = list(candidates)
    changed = True
    while changed:
        changed = False
        used = {id(op) for inst in fn.instructions() for op in inst.operands}
        for block in fn.blocks:
            for inst in list(block.instructions):
                if any(inst is c for c in pending) and id(inst) not in used:
                    block.instructions.remove(inst)
                    pending = [c for c in pending if c is not inst]
                    if isinstance(inst, Load) and isinstance(inst.operands[0], GetElementPtr):
                        pending.append(inst.operands[0])
                    changed = True


def combine(fn: Function, knobs: Knobs | None = None, factors: tuple[int, ...] = FACTORS) -> Result | None:
    """A combined copy of ``fn``, or None when no group is found (or every one declined)."""
    out = copy.deepcopy(fn)
    groups, declined = find_groups(out, factors)
    if not groups:
        return None
    rewrite(out, groups, knobs)
    return Result(out, groups, declined)
