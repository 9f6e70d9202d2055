"""Lane-moving instructions and the ones that choose between values:
extractelement, insertelement, shufflevector, select, freeze, bitcast."""

from __future__ import annotations

import z3

from ..ir.values import Instruction, ShuffleVector
from .core import (
    FALSE,
    Context,
    Lane,
    SymValue,
    any_of,
    ite_lane,
    lane_bits,
    poison_lane,
    semantics,
)
from .floating import result_flags


def _index_lane(index: Lane, count: int) -> tuple[z3.BitVecRef, z3.BoolRef]:
    """An index operand and whether it is out of range (which LangRef makes poison)."""
    w = index.value.size()
    if count >= (1 << w):
        return index.value, FALSE
    if z3.is_bv_value(index.value):
        return index.value, z3.BoolVal(index.value.as_long() >= count)
    return index.value, z3.UGE(index.value, z3.BitVecVal(count, w))


def _index_is(index: z3.BitVecRef, i: int) -> z3.BoolRef:
    """Whether the (unsigned) index is ``i``: never, for a lane its width cannot name (an
    ``i3`` index reaches lanes 0..7 only; comparing with 8 would wrap to 0); decided here
    for a constant index (the usual case), so the lanes it does not pick never appear in
    the result's terms."""
    if i >> index.size():
        return FALSE
    return z3.BoolVal(index.as_long() == i) if z3.is_bv_value(index) else index == i


@semantics("extractelement")
def _extractelement(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    vec, (idx,) = args[0], args[1]
    value, out_of_range = _index_lane(idx, len(vec))
    result = vec[-1]
    for i in range(len(vec) - 2, -1, -1):
        result = ite_lane(_index_is(value, i), vec[i], result)
    return (Lane(result.value, any_of([result.poison, idx.poison, out_of_range])),)


@semantics("insertelement")
def _insertelement(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    vec, (elt,), (idx,) = args
    value, out_of_range = _index_lane(idx, len(vec))
    bad = any_of([idx.poison, out_of_range])  # the whole result is poison
    out = []
    for i, lane in enumerate(vec):
        chosen = ite_lane(_index_is(value, i), elt, lane)
        out.append(Lane(chosen.value, any_of([chosen.poison, bad])))
    return tuple(out)


@semantics("shufflevector")
def _shufflevector(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    assert isinstance(inst, ShuffleVector)
    both = args[0] + args[1]
    bits = lane_bits(inst.type)
    return tuple(poison_lane(bits) if m is None else both[m] for m in inst.mask)


@semantics("select")
def _select(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    cond, a, b = args
    if len(cond) == 1 and len(a) > 1:  # scalar condition chooses whole vectors
        cond = cond * len(a)
    flags: frozenset[str] = getattr(inst, "flags", frozenset())
    out = []
    for c, x, y in zip(cond, a, b, strict=True):
        chosen = ite_lane(c.value == 1, x, y)
        out.append(Lane(chosen.value, any_of([c.poison, chosen.poison])))
    if flags:
        return result_flags(ctx, inst, flags, tuple(out))
    return tuple(out)


@semantics("freeze")
def _freeze(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """Poison becomes an arbitrary value, undef an arbitrary but fixed one."""
    out = []
    fixed = ctx.fix_undef_lanes([lane.value for lane in args[0]])
    for lane, value in zip(args[0], fixed, strict=True):
        if not z3.is_false(lane.poison):
            value = z3.If(lane.poison, ctx.fresh("freeze", lane.value.size()), value)
        out.append(Lane(value, FALSE))
    return tuple(out)


@semantics("bitcast")
def _bitcast(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    src = args[0]
    src_bits = lane_bits(inst.operands[0].type)
    dst_bits = lane_bits(inst.type)
    if src_bits == dst_bits and len(src) == inst.type.lanes:
        return src  # same lanes: the bits do not change (pointer to pointer included)
    # Concatenate lanes, lane 0 in the lowest bits (little-endian; the highest when
    # big-endian), and cut into the destination lanes; a destination lane is poison if
    # any source lane it overlaps is.
    order = src if ctx.big_endian else tuple(reversed(src))
    whole = z3.Concat(*[lane.value for lane in order]) if len(src) > 1 else src[0].value
    total = whole.size()
    out = []
    for i in range(inst.type.lanes):
        lo, hi = i * dst_bits, (i + 1) * dst_bits - 1  # counted from lane 0's end
        overlapped = [src[j].poison for j in range(lo // src_bits, hi // src_bits + 1)]
        bits = z3.Extract(total - 1 - lo, total - 1 - hi, whole) if ctx.big_endian else z3.Extract(hi, lo, whole)
        out.append(Lane(bits, any_of(overlapped)))
    return tuple(out)


