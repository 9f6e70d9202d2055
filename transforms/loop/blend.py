"""Blended store groups: a store group whose members are different lane-wise computations
of one load group's members (the complex rotation ``z[2i] = -z[2i+1]; z[2i+1] = z[2i]``:
an ``fneg`` and a copy), computed on the wide vectors and blended, instead of
de-interleaving the loads, computing member by member and interleaving the results.

Each store member's value ``v`` is planned as a wide computation ``W`` on F*VF lanes
(the load groups' wide vectors, splats, lane-wise operations on them) and the member
``s`` of each struct where ``W`` holds ``v``: lane ``k*F + s`` of ``W`` is ``v`` in lane
``k``. A load of member ``j`` is (the group's wide vector, ``j``); an invariant is its
splat (any member); an operation's operands must hold their values at one member: one
that holds it elsewhere is moved there by a shuffle within each struct (``members.move``,
lane ``k*F + t`` from ``k*F + s``). The stored vector takes lane ``k*F + j`` from lane
``k*F + s_j`` of member j's ``W``: one shuffle of one or two wide computations
(``members.blend``; a chain of them for more). LLVM 22 -O3 writes crot this way (an
``fneg`` of the wide load and one shuffle of it with the load).

The other lanes of each ``W`` compute the operation on members the scalar loop does not
give it; the blend never reads them. Only operations with no UB on any input are taken
(binary operations other than divisions, casts, ``fneg``), so those lanes are at most
poison, and poison that is never stored.

The blend is taken where it costs less than the member-wise form (``cheaper``): in
registers of VF lanes, a wide operation, move or blend costs F of them; the member-wise
form costs its operations one each, a de-interleaving shuffle per load member read (F
registers each, as in groups.group_cost) and the store's interleave (F shuffles of F).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field

from vecverify.ir.types import FloatType, IntType, VectorType
from vecverify.ir.values import (
    BinOp,
    Cast,
    ConstFloat,
    ConstInt,
    ConstPoison,
    FNeg,
    Instruction,
    Load,
    ShuffleVector,
    Value,
)

from .groups import Group, group_of

DIVISIONS = ("udiv", "sdiv", "urem", "srem")

# A planned wide value: ("wide", id(load group)), ("splat", id(v)),
# ("op", opcode, op, flags, type, operand plans...), ("move", plan, d): lane k*F + i from
# k*F + (i + d) % F (a value at member s moved to t: d = s - t).
Plan = tuple[object, ...]


@dataclass
class BlendPlanner:
    """Plans and emits a blended store group for one part of the vector body.

    ``wide_loads``: id(load group) -> its wide vector in this part; ``splat(v, t)``: the
    invariant or constant ``v`` on every lane of ``t``; ``contains(v)``: ``v`` is computed
    in the loop; ``widened(v)``: ``v`` has a vector of its own already (it is used
    elsewhere: the member-wise form is kept); ``add``: appends to the body."""

    groups: list[Group]
    factor: int
    vf: int
    wide_loads: dict[int, Value]
    is_invariant: Callable[[Value], bool]
    contains: Callable[[Value], bool]
    widened: Callable[[Value], bool]
    splat: Callable[[Value, VectorType], Value]
    add: Callable[[Instruction], Instruction]
    _templates: dict[Plan, Value] = field(default_factory=dict)  # a plan's scalar instance
    _emitted: dict[Plan, Value] = field(default_factory=dict)
    _scalar_ops: set[int] = field(default_factory=set)  # the member-wise form's operations
    _load_members: set[tuple[int, int]] = field(default_factory=set)

    def plan(self, v: Value) -> tuple[Plan, int | None] | None:
        """(W, s) for ``v`` (s None: a splat, the same on every member), or None where
        ``v`` is not a lane-wise computation of whole load members and invariants."""
        if isinstance(v, ConstInt | ConstFloat) or self.is_invariant(v):
            key: Plan = ("splat", id(v))
            self._templates[key] = v
            return key, None
        if isinstance(v, Load):
            lg = group_of(self.groups, v)
            if lg is None or lg.is_store or lg.factor != self.factor or id(lg) not in self.wide_loads:
                return None
            j = next(j for j, ms in lg.members.items() if any(a.inst is v for a in ms))
            self._load_members.add((id(lg), j))
            return ("wide", id(lg)), j
        if not isinstance(v, Instruction) or not self.contains(v) or self.widened(v):
            return None
        if isinstance(v, BinOp) and v.op in DIVISIONS or not isinstance(v, BinOp | Cast | FNeg):
            return None
        if not isinstance(v.type, IntType | FloatType):
            return None
        parts: list[tuple[Plan, int | None]] = []
        for o in v.operands:
            part = self.plan(o)
            if part is None:
                return None
            parts.append(part)
        at = next((s for _, s in parts if s is not None), None)
        keys = [k if s is None or at is None or s == at else ("move", k, (s - at) % self.factor) for k, s in parts]
        key = ("op", v.opcode, getattr(v, "op", ""), tuple(sorted(getattr(v, "flags", ()))), str(v.type), *keys)
        self._templates.setdefault(key, v)
        self._scalar_ops.add(id(v))
        return key, at

    def cheaper(self, picks: list[tuple[Plan, int | None]]) -> bool:
        """Whether the blend (``picks``: each store member's plan) costs less than the
        member-wise form (module docstring), in registers of VF lanes."""
        plans: set[Plan] = set()

        def walk(p: Plan) -> None:
            if p in plans:
                return
            plans.add(p)
            for q in _children(p):
                walk(q)

        for p, _ in picks:
            walk(p)
        wide_ops = sum(1 for p in plans if p[0] in ("op", "move"))
        sources = {p for p, _ in picks}
        blends = len(sources) - 1 if len(sources) > 1 else int(any(s not in (None, j) for j, (_, s) in enumerate(picks)))
        f = self.factor
        return f * (wide_ops + blends) < len(self._scalar_ops) + f * (len(self._load_members) + f)

    def emit(self, picks: list[tuple[Plan, int | None]], t: VectorType) -> Value:
        """The stored vector: lane k*F + j from lane k*F + s_j of member j's W (one
        shuffle of two computations at a time)."""
        f = self.factor
        sources: list[Plan] = []
        for p, _ in picks:
            if p not in sources:
                sources.append(p)
        lanes = {j: (sources.index(p), j if s is None else s) for j, (p, s) in enumerate(picks)}
        if len(sources) == 1 and all(s == j for j, (_, s) in lanes.items()):
            return self._emit(sources[0], t)
        # Fold the sources two at a time: ``acc`` holds member j where done[j].
        acc = self._emit(sources[0], t)
        where = {j: s for j, (src, s) in lanes.items() if src == 0}  # member j of acc: lane k*F + where[j]
        for n in range(1, max(len(sources), 2)):
            other = self._emit(sources[n], t) if n < len(sources) else ConstPoison(t)
            mask: list[int | None] = []
            new_where: dict[int, int] = {}
            for k in range(self.vf):
                for j in range(f):
                    src, s = lanes[j]
                    if src == n:
                        mask.append(t.count + k * f + s)
                    elif j in where:
                        mask.append(k * f + where[j])
                    else:
                        mask.append(None)
                    if src <= n:
                        new_where[j] = j
            acc = self.add(ShuffleVector(t, "members.blend", [acc, other], mask=tuple(mask)))
            where = new_where
        return acc

    def _emit(self, key: Plan, t: VectorType) -> Value:
        if key in self._emitted:
            return self._emitted[key]
        kind = key[0]
        f = self.factor
        out: Value
        if kind == "wide":
            out = self.wide_loads[key[1]]  # type: ignore[index]
        elif kind == "splat":
            v = self._templates[key]
            out = self.splat(v, VectorType(f * self.vf, v.type))  # type: ignore[arg-type]
        elif kind == "move":
            inner, d = key[1], key[2]
            src = self._emit(inner, t)  # type: ignore[arg-type]
            st = src.type
            assert isinstance(st, VectorType)
            mask = tuple(k * f + (i + d) % f for k in range(self.vf) for i in range(f))  # type: ignore[operator]
            out = self.add(ShuffleVector(st, "members.move", [src, ConstPoison(st)], mask=mask))
        else:
            tmpl = self._templates[key]
            assert isinstance(tmpl, Instruction)
            ops = [self._emit(k, t) for k in _children(key)]
            inst = copy.copy(tmpl)
            inst.type, inst.name, inst.operands = VectorType(f * self.vf, tmpl.type), None, ops  # type: ignore[arg-type]
            out = self.add(inst)
        self._emitted[key] = out
        return out


def _children(p: Plan) -> list[Plan]:
    """The plans ``p`` computes from: an operation's operands, a move's source."""
    if p[0] == "op":
        return list(p[5:])  # type: ignore[arg-type]
    return [p[1]] if p[0] == "move" else []  # type: ignore[list-item]
