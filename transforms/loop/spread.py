"""Spread lanes: a vector body that widens load groups' integer members (``zext`` of
bytes to i16) and combines them lane by lane into one stored value per struct
(bgr_to_gray_u16: ``y[i] = 29 b + 150 g + 77 r`` in i16) computes on a register of two
128-bit halves, structs 0..VF/2-1 in the low half's first VF/2 lanes and VF/2..VF-1 in
the high half's, and packs the two halves' lanes together once before the store.

At VF lanes of T bits with VF*T = 128 (8 x i16) the computation fits one 128-bit
register, but a group of F*VF bytes (24 for RGB) does not: x86 de-interleaves each
member from two registers (two ``pshufb`` and a ``por``) and widens it (``pmovzxbw``),
or (RGBX, 32 bytes) with a 256-bit ``pshufb``, a ``vpermq`` across the halves and an
``and``. Spread, the group is read as two windows of 128 bits (``lo`` at its first
element, ``hi`` ending at its last read element, as ``groups.trimmed_load_group``
reads), one per half: each half's structs lie within its window, so each member is one
in-lane ``pshufb`` that also writes the zero bytes of the widening (the member's bytes
shuffled with zeros, then bitcast to T: little-endian), the operations run on 256-bit
registers (the other lanes compute on zeros), and one ``vpermq`` packs the result
(bgr_to_gray_u16: 11 instructions per vector against 17).

Every lane that is stored still computes one iteration's value from that iteration's
members with the scalar loop's operations, flags and order; the other lanes compute from
constant zeros (never poison) and are never stored. Only operations without UB on any
input are taken (no divisions). Taken where the body is lane-wise (structorder's
``plain_stores``: no induction vector, contiguous load, reduction, recurrence, live-out
or store group), every member read is zero-extended to one type T (the operations' type;
the stored value may be a ``trunc`` of it), VF*T is 128 bits on a target of wider
registers, each half's structs fit a window and the group does not fit one, and the
members read outnumber the stores (``structorder.pays``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field

from vecverify.ir.types import IntType, VectorType
from vecverify.ir.values import (
    BinOp,
    Cast,
    ConstInt,
    ConstPoison,
    ConstVector,
    GetElementPtr,
    ICmp,
    Instruction,
    Load,
    Select,
    ShuffleVector,
    Value,
)

from .groups import Group, _align_at, end_gap, group_of
from .legality import LoopPlan
from .structorder import LANE_BITS, pays, plain_stores

DIVISIONS = ("udiv", "sdiv", "urem", "srem")
Emit = Callable[[Instruction], Instruction]


@dataclass(frozen=True)
class Spread:
    """The spread form of a part of ``vf`` lanes: members of ``narrow`` bits widened to
    ``wide``; a group's window is ``window`` elements (128 bits)."""

    vf: int
    narrow: IntType
    wide: IntType

    @property
    def window(self) -> int:
        return LANE_BITS // self.narrow.bits

    def lanes(self) -> int:
        """The spread vectors' lanes: two halves of VF lanes of T."""
        return 2 * self.vf

    def struct_lane(self, k: int) -> int:
        """The spread lane that computes struct (iteration) k."""
        half = self.vf // 2
        return (k // half) * self.vf + k % half


def spread_shape(plan: LoopPlan, vf: int) -> Spread | None:
    """The spread form for a part of ``vf`` lanes (module docstring), or None."""
    stores = plain_stores(plan)
    if stores is None or vf < 2:
        return None
    elems = {g.elem for g in plan.groups}
    if len(elems) != 1 or not isinstance(narrow := plan.groups[0].elem, IntType):
        return None
    wides: set[IntType] = set()
    members: set[tuple[int, int]] = set()
    seen: set[int] = set()
    for s in stores:
        v = s.operands[0]
        if isinstance(v, Cast) and v.op == "trunc" and plan.loop.contains(v):
            v = v.operands[0]
        if not isinstance(v.type, IntType) or not _tree(plan, v, narrow, v.type, members, seen):
            return None
        wides.add(v.type)
    if len(wides) != 1:
        return None
    wide = wides.pop()
    shape = Spread(vf, narrow, wide)
    if wide.bits <= narrow.bits or vf * wide.bits != LANE_BITS or plan.register_bits < 2 * LANE_BITS:
        return None
    for g in plan.groups:
        covered = g.factor * vf - end_gap(g)
        if g.factor * vf // 2 > shape.window or covered <= shape.window:
            return None
    return shape if pays(len(members), len(stores)) else None


def _tree(plan: LoopPlan, v: Value, narrow: IntType, wide: IntType, members: set[tuple[int, int]],
          seen: set[int]) -> bool:
    """Whether ``v`` is computed lane by lane in ``wide`` from zero-extended members and
    invariants (``members`` collects the (id(group), member) read)."""
    loop = plan.loop
    if loop.is_invariant(v) or id(v) in seen:
        return True
    seen.add(id(v))
    if not isinstance(v, Instruction) or not loop.contains(v):
        return False
    if isinstance(v, Cast) and v.op == "zext" and isinstance(v.operands[0], Load):
        g = group_of(plan.groups, v.operands[0])
        if g is None or v.type != wide:
            return False
        members.add((id(g), _member(g, v.operands[0])))
        return True
    if isinstance(v, ICmp):
        ok = True
    elif isinstance(v, BinOp | Select):
        ok = v.type == wide and not (isinstance(v, BinOp) and v.op in DIVISIONS)
    else:
        return False
    return ok and all(_tree(plan, o, narrow, wide, members, seen) for o in v.operands)


def _member(g: Group, load: Load) -> int:
    return next(j for j, ms in g.members.items() if any(a.inst is load for a in ms))


def spread_windows(g: Group, shape: Spread, ptr: Value, add: Emit) -> tuple[Value, int]:
    """The group's two windows of 128 bits, concatenated (``spread.windows``), and the
    second's first element: at the group's first element and ending at its last read
    one (both within the elements the scalar iterations read, as trimmed loads)."""
    w = shape.window
    start = g.factor * shape.vf - end_gap(g) - w
    t = VectorType(w, shape.narrow)
    leader = g.leader.inst
    lo = add(Load(t, "spread.lo", [ptr], align=leader.align))
    at = add(GetElementPtr(ptr.type, "spread.hi.ptr", [ptr, ConstInt(IntType(64), start)], source_type=shape.narrow))
    hi = add(Load(t, "spread.hi", [at], align=_align_at(leader.align, start * shape.narrow.bits // 8)))
    both = add(ShuffleVector(VectorType(2 * w, shape.narrow), "spread.windows", [lo, hi], mask=tuple(range(2 * w))))
    return both, start


@dataclass
class SpreadEmitter:
    """Emits one part's stored values in the spread form: ``windows`` id(group) -> (its
    windows, the second's start), ``splat(v, t)`` an invariant on every lane of ``t``."""

    plan: LoopPlan
    shape: Spread
    windows: dict[int, tuple[Value, int]]
    splat: Callable[[Value, VectorType], Value]
    add: Emit
    _done: dict[int, Value] = field(default_factory=dict)

    def stored(self, v: Value) -> Value:
        """The VF lanes of the stored ``v``, in order."""
        root = v if isinstance(v, Cast) and v.op == "trunc" and self.plan.loop.contains(v) else None
        inner = root.operands[0] if root is not None else v
        spread = self._emit(inner)
        t = VectorType(self.shape.vf, self.shape.wide)
        packed: Value = self.add(ShuffleVector(t, "spread.lanes", [spread, ConstPoison(spread.type)],
                                               mask=tuple(self.shape.struct_lane(k) for k in range(self.shape.vf))))
        if root is None:
            return packed
        return self.add(Cast(VectorType(self.shape.vf, root.type), None, [packed], op="trunc", flags=root.flags))  # type: ignore[arg-type]

    def _emit(self, v: Value) -> Value:
        if id(v) in self._done:
            return self._done[id(v)]
        n = self.shape.lanes()
        out: Value
        if self.plan.loop.is_invariant(v):
            out = self.splat(v, VectorType(n, v.type))  # type: ignore[arg-type]
        elif isinstance(v, Cast) and v.op == "zext" and isinstance(v.operands[0], Load):
            out = self._member(v.operands[0])
        else:
            assert isinstance(v, Instruction)
            ops = [self._emit(o) for o in v.operands]
            inst = copy.copy(v)
            inst.type, inst.name, inst.operands = VectorType(n, v.type), None, ops  # type: ignore[arg-type]
            out = self.add(inst)
        self._done[id(v)] = out
        return out

    def _member(self, load: Load) -> Value:
        """Member j of every struct, zero-extended, at its spread lane: the windows'
        element shuffled with zeros (little-endian: the element, then zero bytes) and
        bitcast to T; the other lanes zero."""
        g = group_of(self.plan.groups, load)
        assert g is not None
        j = _member(g, load)
        both, start = self.windows[id(g)]
        s = self.shape
        ratio = s.wide.bits // s.narrow.bits
        zero = 2 * s.window  # the first lane of the zeros operand
        mask: list[int] = []
        for lane in range(s.lanes()):
            half, q = divmod(lane, s.vf)
            if q < s.vf // 2:
                k = half * (s.vf // 2) + q
                e = k * g.factor + j
                mask += [half * s.window + e - (start if half else 0)] + [zero] * (ratio - 1)
            else:
                mask += [zero] * ratio
        bt = both.type
        assert isinstance(bt, VectorType)
        zeros = ConstVector(bt, tuple(ConstInt(s.narrow, 0) for _ in range(bt.count)))
        shuffled = self.add(ShuffleVector(bt, "spread.member", [both, zeros], mask=tuple(mask)))
        return self.add(Cast(VectorType(s.lanes(), s.wide), "spread.zext", [shuffled], op="bitcast"))
