"""Struct order: a vector body whose load groups' members are combined lane by lane into
one stored value per struct (RGBA to gray: ``y[i] = 0.299 r + 0.587 g + 0.114 b``) may
compute with its lanes in another order of the structs, chosen so that de-interleaving
each member stays within the target's 128-bit lanes, and put the stored vector back in
order with one permutation before each store.

x86 with 256-bit registers has no shuffle that takes lanes across the two 128-bit halves
of two registers: a stride-4 float member at VF 8 (lanes 0, 4, ..., 28 of 4 registers)
is lowered as three ``vpermps``, two blends and a 128-bit unpack, each member again
(rgba_to_gray_f32: ~22 shuffles per vector). Register r's half h holds structs
``r*L*S + h*S + p`` (L halves per register, S = 128 / (F * bits) structs per half, p < S):
with lane q of the output's half h taking struct ``(q // S)*L*S + h*S + q % S``, each
member is ``unpcklps``/``unpckhps``/``shufps`` of the registers within their halves
(~3 per member), and the stored vector takes one ``vpermps`` (rgba_to_gray_f32: 10
shuffles).

The order only changes which iteration each lane computes: every lane still computes
one iteration's value from that iteration's members with the scalar loop's operations,
in its order (nothing reassociates: ``fmuladd`` stays with its operands, flags stay),
and the store writes iteration i's value at i. It is taken where every vector the body
computes is such a lane-wise value (``lane_wise``, ``plain_stores``): no induction
vector, no contiguous load, no reduction or recurrence, no live-out, no store group
(those have lanes tied to their position), and where it pays (``pays``).
"""

from __future__ import annotations

from vecverify.ir.types import FloatType, IntType, Type
from vecverify.ir.values import (
    BinOp,
    Call,
    Cast,
    FCmp,
    FNeg,
    ICmp,
    Instruction,
    Load,
    Phi,
    Select,
    Store,
    Value,
)

from .groups import group_of, packed_container
from .legality import WIDENABLE, LoopPlan, intrinsic_base

LANE_BITS = 128  # x86's shuffles (unpck, shufps, pshufb) stay within 128-bit lanes


def _bits(t: Type) -> int:
    return t.bits if isinstance(t, IntType | FloatType) else 0


def in_lane_order(factor: int, bits: int, vf: int, register_bits: int) -> tuple[int, ...] | None:
    """The struct each of the VF lanes computes, such that member j of a group of
    ``factor`` elements of ``bits`` is de-interleaved within 128-bit lanes of registers
    of ``register_bits``; None where the identity is that order already (registers of
    one lane, a struct across lanes, a factor that is not a power of two, a vector of
    fewer structs than a register holds twice, VF lanes that are not whole registers)."""
    half = LANE_BITS // bits if bits else 0
    halves = register_bits // LANE_BITS
    if halves < 2 or not half or factor > half or half % factor or vf * bits % register_bits:
        return None
    per_half = half // factor
    out_lanes = register_bits // bits  # the output's lanes per register: blocks of structs
    regs = min(vf, out_lanes) // (halves * per_half)  # input registers per output register
    if regs < 2:
        return None
    block = [(q // per_half) * halves * per_half + h * per_half + q % per_half
             for h in range(halves) for q in range(regs * per_half)]
    return tuple(b * out_lanes + s for b in range(vf // out_lanes) for s in block) if vf > out_lanes \
        else tuple(block)


def struct_order(plan: LoopPlan, vf: int) -> tuple[int, ...] | None:
    """The struct order of a vector part of ``vf`` lanes (module docstring), or None
    (the iterations in order)."""
    stores = plain_stores(plan)
    if stores is None or any(packed_container(g) is not None and g.packed_members for g in plan.groups):
        return None  # (a packed group's members are not shuffled out)
    orders = {in_lane_order(g.factor, _bits(g.elem), vf, plan.register_bits) for g in plan.groups}
    if len(orders) != 1:
        return None
    order = orders.pop()
    if order is None:
        return None
    bits = _bits(plan.groups[0].elem)
    members: set[tuple[int, int]] = set()
    seen: set[int] = set()
    for s in stores:
        assert isinstance(s, Store)
        if not lane_wise(plan, s.operands[0], bits, members, seen):
            return None
    return order if pays(len(members), len(stores)) else None


def plain_stores(plan: LoopPlan) -> list[Store] | None:
    """The loop's stores where its vectors may take another layout of the lanes: on a
    target with registers wider than 128 bits, load groups and uniform loads read, contiguous stores written, no reduction, recurrence or live-out; else
    None."""
    if plan.register_bits <= LANE_BITS or not plan.groups or any(g.is_store for g in plan.groups):
        return None
    if plan.phis.reductions or plan.phis.recurrences or plan.exit_phis:
        return None
    stores = [a.inst for a in plan.accesses if a.is_store]
    if not stores or any(a.kind not in ("strided", "uniform", "consecutive") or a.kind == "consecutive"
                         and not a.is_store for a in plan.accesses):
        return None
    return stores  # type: ignore[return-value]


def pays(members: int, stores: int) -> bool:
    """Each member read saves its cross-lane shuffles (at least one per register of the
    member); each store adds one permutation: taken where members outnumber stores."""
    return members > stores


def lane_wise(plan: LoopPlan, v: Value, bits: int, members: set[tuple[int, int]], seen: set[int]) -> bool:
    """Whether ``v``'s vector is a lane-wise computation of load groups' members and
    invariants, every value ``bits`` wide (or a compare's i1): ``members`` collects
    (id(group), member) read."""
    loop = plan.loop
    if loop.is_invariant(v) or id(v) in seen:
        return True
    seen.add(id(v))
    if not isinstance(v, Instruction) or isinstance(v, Phi) or not loop.contains(v):
        return False
    if _bits(v.type) not in (bits, 1):
        return False
    if isinstance(v, Load):
        g = group_of(plan.groups, v)
        if g is None:
            return next(a.kind for a in plan.accesses if a.inst is v) == "uniform"
        members.add((id(g), next(j for j, ms in g.members.items() if any(a.inst is v for a in ms))))
        return True
    if isinstance(v, Call):
        if intrinsic_base(v.callee) not in WIDENABLE:
            return False
    elif not isinstance(v, BinOp | Cast | FNeg | Select | ICmp | FCmp):
        return False
    return all(lane_wise(plan, o, bits, members, seen) for o in v.operands)
