"""Integer intrinsics that vectorizers emit: reductions, min/max, abs, and a few bit
operations. Memory intrinsics (masked load/store) live with the memory model."""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce

import z3

from ..errors import Unsupported
from ..ir.types import ArrayType, StructType, Type
from ..ir.values import ConstInt, ExtractValue, InsertValue, Instruction
from .core import (
    FALSE,
    PTR_ADDR_BITS,
    Context,
    Lane,
    SymValue,
    any_of,
    intrinsic_base_name,
    lane_bits,
    lane_widths,
    semantics,
    text_attr,
)
from .integer import lanewise2
from .memory import BLOCK_ALIGN, address_of, block_of

BinFn = Callable[[z3.BitVecRef, z3.BitVecRef], z3.BitVecRef]

_MINMAX: dict[str, BinFn] = {
    "smax": lambda x, y: z3.If(x > y, x, y),
    "smin": lambda x, y: z3.If(x < y, x, y),
    "umax": lambda x, y: z3.If(z3.UGT(x, y), x, y),
    "umin": lambda x, y: z3.If(z3.ULT(x, y), x, y),
}

_REDUCE: dict[str, BinFn] = {
    "add": lambda x, y: x + y,
    "mul": lambda x, y: x * y,
    "and": lambda x, y: x & y,
    "or": lambda x, y: x | y,
    "xor": lambda x, y: x ^ y,
    **_MINMAX,
}


def _intrinsic_kind(inst: Instruction, prefix: str) -> str:
    return intrinsic_base_name(text_attr(inst, "callee"))[len(prefix) :]


@semantics(*(f"llvm.vector.reduce.{k}" for k in _REDUCE))
def _vector_reduce(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """Poison if any lane is poison (LangRef: the reduction has no reassociation slack for
    integers, and poison propagates)."""
    fn = _REDUCE[_intrinsic_kind(inst, "llvm.vector.reduce.")]
    lanes = args[0]
    value = reduce(fn, [lane.value for lane in lanes])
    return (Lane(value, any_of([lane.poison for lane in lanes])),)


@semantics(*(f"llvm.{k}" for k in _MINMAX))
def _minmax(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    fn = _MINMAX[_intrinsic_kind(inst, "llvm.")]
    return lanewise2(args[0], args[1], lambda x, y: (fn(x, y), FALSE))


def _const_flag(inst: Instruction, index: int) -> bool:
    """An immediate i1 operand (abs's INT_MIN flag, ctlz/cttz's zero flag)."""
    op = inst.operands[index]
    if not isinstance(op, ConstInt):
        callee = text_attr(inst, "callee")
        raise Unsupported(f"non-constant flag operand {index} of @{callee}")
    return bool(op.value)


@semantics("llvm.abs")
def _abs(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    int_min_poison = _const_flag(inst, 1)
    out = []
    for a in args[0]:
        w = a.value.size()
        is_min = a.value == z3.BitVecVal(1 << (w - 1), w)
        value = z3.If(a.value < 0, -a.value, a.value)
        out.append(Lane(value, any_of([a.poison, is_min if int_min_poison else FALSE])))
    return tuple(out)


def _count_leading_zeros(x: z3.BitVecRef) -> z3.BitVecRef:
    w = x.size()
    result = z3.BitVecVal(w, w)
    for i in range(w):  # the highest set bit decides
        result = z3.If(z3.Extract(i, i, x) == 1, z3.BitVecVal(w - 1 - i, w), result)
    return result


def _count_trailing_zeros(x: z3.BitVecRef) -> z3.BitVecRef:
    w = x.size()
    result = z3.BitVecVal(w, w)
    for i in range(w - 1, -1, -1):
        result = z3.If(z3.Extract(i, i, x) == 1, z3.BitVecVal(i, w), result)
    return result


@semantics("llvm.ctlz", "llvm.cttz")
def _count_zeros(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    zero_poison = _const_flag(inst, 1)
    leading = _intrinsic_kind(inst, "llvm.") == "ctlz"
    count = _count_leading_zeros if leading else _count_trailing_zeros
    return tuple(
        Lane(count(a.value), any_of([a.poison, (a.value == 0) if zero_poison else FALSE]))
        for a in args[0]
    )


@semantics("llvm.ctpop")
def _ctpop(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    out = []
    for a in args[0]:
        w = a.value.size()
        bits = [z3.ZeroExt(w - 1, z3.Extract(i, i, a.value)) for i in range(w)]
        out.append(Lane(reduce(lambda x, y: x + y, bits), a.poison))
    return tuple(out)


@semantics("llvm.bswap")
def _bswap(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    out = []
    for a in args[0]:
        w = a.value.size()
        if w % 16:
            raise ctx.unsupported(f"llvm.bswap of i{w}")
        parts = [z3.Extract(8 * i + 7, 8 * i, a.value) for i in range(w // 8)]
        out.append(Lane(z3.Concat(*parts), a.poison))  # lowest byte becomes the highest
    return tuple(out)


@semantics("llvm.fshl", "llvm.fshr")
def _funnel_shift(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    left = _intrinsic_kind(inst, "llvm.") == "fshl"
    out = []
    for a, b, s in zip(*args, strict=True):
        w = a.value.size()
        both = z3.Concat(a.value, b.value)
        amount = z3.ZeroExt(w, z3.URem(s.value, w))
        if left:
            value = z3.Extract(2 * w - 1, w, both << amount)
        else:
            value = z3.Extract(w - 1, 0, z3.LShR(both, amount))
        out.append(Lane(value, any_of([a.poison, b.poison, s.poison])))
    return tuple(out)


def _saturating(kind: str, x: z3.BitVecRef, y: z3.BitVecRef) -> z3.BitVecRef:
    w = x.size()
    smax = z3.BitVecVal((1 << (w - 1)) - 1, w)
    smin = z3.BitVecVal(1 << (w - 1), w)
    umax = z3.BitVecVal(-1, w)
    zero = z3.BitVecVal(0, w)
    if kind == "uadd.sat":
        return z3.If(z3.BVAddNoOverflow(x, y, False), x + y, umax)
    if kind == "usub.sat":
        return z3.If(z3.UGE(x, y), x - y, zero)
    if kind == "sadd.sat":
        wide = z3.SignExt(1, x) + z3.SignExt(1, y)
        return z3.If(wide > z3.SignExt(1, smax), smax, z3.If(wide < z3.SignExt(1, smin), smin, x + y))
    wide = z3.SignExt(1, x) - z3.SignExt(1, y)  # ssub.sat
    return z3.If(wide > z3.SignExt(1, smax), smax, z3.If(wide < z3.SignExt(1, smin), smin, x - y))


@semantics("llvm.uadd.sat", "llvm.usub.sat", "llvm.sadd.sat", "llvm.ssub.sat")
def _sat(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    kind = _intrinsic_kind(inst, "llvm.")
    return lanewise2(args[0], args[1], lambda x, y: (_saturating(kind, x, y), FALSE))


@semantics("llvm.scmp", "llvm.ucmp")
def _three_way(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """-1, 0 or 1 (in the result's width) as x is below, equal to or above y."""
    signed = _intrinsic_kind(inst, "llvm.") == "scmp"
    w = lane_bits(inst.type)
    out = []
    for x, y in zip(args[0], args[1], strict=True):
        below = x.value < y.value if signed else z3.ULT(x.value, y.value)
        value = z3.If(below, z3.BitVecVal(-1, w), z3.If(x.value == y.value, z3.BitVecVal(0, w), z3.BitVecVal(1, w)))
        out.append(Lane(value, z3.Or(x.poison, y.poison)))
    return tuple(out)


@semantics("llvm.assume")
def _assume(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """UB unless the condition holds, and the facts of the operand bundles: "align"(p, A
    [, off]) that p - off is a multiple of A, "nonnull"(p) that p is not null; a poison
    pointer in a bundle is UB (as in Alive2)."""
    (c,) = args[0]
    ctx.ub(z3.Or(c.poison, c.value == 0))
    rest = args[1:]
    for tag, count in getattr(inst, "bundles", ()):
        values, rest = rest[:count], rest[count:]
        (p,) = values[0]
        ctx.ub(p.poison)
        if tag == "nonnull":
            ctx.ub(p.value == 0)
            continue
        align = inst.operands[len(inst.operands) - len(rest) - count + 1]
        if not isinstance(align, ConstInt) or align.value <= 0 or align.value & (align.value - 1) \
                or align.value > BLOCK_ALIGN:  # (0 is no power of two)
            raise ctx.unsupported(f'"align" bundle with alignment {align.ref()}')
        addr = address_of(p.value)
        if ctx.block_residue is not None and (res := ctx.block_residue(block_of(p.value))) is not None:
            addr = addr + res  # the address's alignment: its block's placement too
        if count > 2:
            (off,) = values[2]
            ctx.ub(off.poison)
            w = off.value.size()
            addr = addr - (z3.SignExt(PTR_ADDR_BITS - w, off.value) if w < PTR_ADDR_BITS
                           else z3.Extract(PTR_ADDR_BITS - 1, 0, off.value))
        if align.value > 1:
            ctx.ub(z3.Extract(align.value.bit_length() - 2, 0, addr) != 0)
    return ()


@semantics("llvm.expect")
def _expect(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    return args[0]


@semantics("extractvalue")
def _extractvalue(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """A struct's lanes are its fields' lanes in order: the field's slice of them."""
    assert isinstance(inst, ExtractValue)
    fields = _fields(inst.operands[0].type)
    index = inst.index
    start = sum(len(lane_widths(f)) for f in fields[:index])
    return args[0][start : start + len(lane_widths(fields[index]))]


def _fields(t: Type) -> tuple[Type, ...]:
    """A struct's fields, or an array's elements."""
    if isinstance(t, ArrayType):
        return (t.elem,) * t.count
    assert isinstance(t, StructType)
    return t.fields


@semantics("insertvalue")
def _insertvalue(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    assert isinstance(inst, InsertValue)
    fields = _fields(inst.type)
    index = inst.index
    start = sum(len(lane_widths(f)) for f in fields[:index])
    agg, elt = args
    return agg[:start] + elt + agg[start + len(elt) :]


def _overflows(kind: str, x: z3.BitVecRef, y: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BoolRef]:
    """The wrapped result and whether the exact result does not fit."""
    w = x.size()
    if kind == "sadd":
        return x + y, z3.Not(z3.And(z3.BVAddNoOverflow(x, y, True), z3.BVAddNoUnderflow(x, y)))
    if kind == "uadd":
        return x + y, z3.Not(z3.BVAddNoOverflow(x, y, False))
    if kind == "ssub":
        return x - y, z3.Not(z3.And(z3.BVSubNoOverflow(x, y), z3.BVSubNoUnderflow(x, y, True)))
    if kind == "usub":
        return x - y, z3.ULT(x, y)
    if kind == "smul":
        return x * y, z3.SignExt(w, x) * z3.SignExt(w, y) != z3.SignExt(w, x * y)
    return x * y, z3.Extract(2 * w - 1, w, z3.ZeroExt(w, x) * z3.ZeroExt(w, y)) != 0  # umul


@semantics(*(f"llvm.{k}.with.overflow" for k in ("sadd", "uadd", "ssub", "usub", "smul", "umul")))
def _with_overflow(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """{ result, overflowed }: the result lanes, then the overflow bits; poison in an
    operand lane makes both fields of that lane poison."""
    kind = _intrinsic_kind(inst, "llvm.").split(".")[0]
    results, flags = [], []
    for a, b in zip(args[0], args[1], strict=True):
        value, over = _overflows(kind, a.value, b.value)
        poison = any_of([a.poison, b.poison])
        results.append(Lane(value, poison))
        flags.append(Lane(z3.If(over, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)), poison))
    return tuple(results + flags)


def _saturating_shift(signed: bool, x: z3.BitVecRef, y: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BoolRef]:
    """sshl.sat / ushl.sat: poison for a shift amount >= the width; a result whose bits
    shifted out (or, signed, whose sign) differ saturates."""
    w = x.size()
    shifted = x << y
    back = shifted >> y if signed else z3.LShR(shifted, y)
    if signed:
        limit = z3.If(x < 0, z3.BitVecVal(1 << (w - 1), w), z3.BitVecVal((1 << (w - 1)) - 1, w))
    else:
        limit = z3.BitVecVal(-1, w)
    return z3.If(back == x, shifted, limit), z3.UGE(y, w)


@semantics("llvm.sshl.sat", "llvm.ushl.sat")
def _shl_sat(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    signed = _intrinsic_kind(inst, "llvm.") == "sshl.sat"
    return lanewise2(args[0], args[1], lambda x, y: _saturating_shift(signed, x, y))


# C library functions LLVM knows the meaning of (vecverify/llvm/callees.py lets these
# through with the signature given here).
@semantics("ffs", "ffsl", "ffsll")
def _ffs(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """The position of the lowest set bit, counting from 1; 0 for 0."""
    out = []
    for a in args[0]:
        w = a.value.size()
        position = _count_trailing_zeros(a.value) + 1
        value = z3.If(a.value == 0, z3.BitVecVal(0, w), position)
        result = z3.Extract(31, 0, value) if w > 32 else z3.ZeroExt(32 - w, value)
        out.append(Lane(result, a.poison))
    return tuple(out)
