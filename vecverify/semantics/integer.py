"""Integer instructions: arithmetic, bitwise, shifts, comparisons and integer casts.

Each definition follows the LangRef: flags turn overflow into poison, division by zero
(or by a poison divisor) and signed division overflow are UB, shift amounts >= the width
give poison. Poison propagates lane by lane.
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from ..ir.types import IntType, PtrType
from ..ir.values import Instruction
from ..terms import simplify
from .addresses import pointer_address
from .core import (
    FALSE,
    PTR_ADDR_BITS,
    PTR_BITS,
    Context,
    Lane,
    SymValue,
    any_of,
    semantics,
    text_attr,
)


def lanewise2(
    a: SymValue, b: SymValue, fn: Callable[[z3.BitVecRef, z3.BitVecRef], tuple[z3.BitVecRef, z3.BoolRef]]
) -> SymValue:
    """Apply ``fn(x, y) -> (value, extra poison)`` lane by lane, propagating operand poison."""
    out = []
    for x, y in zip(a, b, strict=True):
        v, p = fn(x.value, y.value)
        out.append(Lane(v, _or(x.poison, y.poison, p)))
    return tuple(out)


def _or(*conds: z3.BoolRef) -> z3.BoolRef:
    return any_of(list(conds))


def _wrap_flags(
    inst: Instruction, signed_ok: z3.BoolRef, unsigned_ok: z3.BoolRef
) -> z3.BoolRef:
    flags: frozenset[str] = getattr(inst, "flags", frozenset())
    conds = []
    if "nsw" in flags:
        conds.append(z3.Not(signed_ok))
    if "nuw" in flags:
        conds.append(z3.Not(unsigned_ok))
    return any_of(conds)


@semantics("add")
def _add(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    def f(x: z3.BitVecRef, y: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BoolRef]:
        return x + y, _wrap_flags(
            inst,
            z3.And(z3.BVAddNoOverflow(x, y, True), z3.BVAddNoUnderflow(x, y)),
            z3.BVAddNoOverflow(x, y, False),
        )

    return lanewise2(args[0], args[1], f)


@semantics("sub")
def _sub(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    def f(x: z3.BitVecRef, y: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BoolRef]:
        return x - y, _wrap_flags(
            inst,
            z3.And(z3.BVSubNoOverflow(x, y), z3.BVSubNoUnderflow(x, y, True)),
            z3.BVSubNoUnderflow(x, y, False),
        )

    return lanewise2(args[0], args[1], f)


@semantics("mul")
def _mul(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    def f(x: z3.BitVecRef, y: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BoolRef]:
        flags: frozenset[str] = getattr(inst, "flags", frozenset())
        conds = []
        w = x.size()
        # A double-width product (rather than Z3's overflow predicates): the simplifier
        # sorts the operands of a product, so a commuted multiply gives the same term.
        if "nsw" in flags:
            conds.append(z3.SignExt(w, x) * z3.SignExt(w, y) != z3.SignExt(w, x * y))
        if "nuw" in flags:
            conds.append(z3.Extract(2 * w - 1, w, z3.ZeroExt(w, x) * z3.ZeroExt(w, y)) != 0)
        return x * y, any_of(conds)

    return lanewise2(args[0], args[1], f)


def _divisor_ub(ctx: Context, divisor: SymValue) -> None:
    """Division by zero, or by a poison divisor, is UB in every lane."""
    for d in divisor:
        ctx.ub(z3.Or(d.poison, d.value == 0))


def _int_min(w: int) -> z3.BitVecRef:
    return z3.BitVecVal(1 << (w - 1), w)


def _signed_overflow_ub(ctx: Context, dividend: SymValue, divisor: SymValue) -> None:
    """INT_MIN / -1 overflows: UB. A poison dividend may be INT_MIN, so it counts too."""
    for a, b in zip(dividend, divisor, strict=True):
        w = a.value.size()
        ctx.ub(z3.And(b.value == z3.BitVecVal(-1, w), z3.Or(a.poison, a.value == _int_min(w))))


@semantics("udiv", "urem")
def _udiv(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    _divisor_ub(ctx, args[1])
    is_div = inst.opcode == "udiv"
    exact = "exact" in getattr(inst, "flags", frozenset())

    def f(x: z3.BitVecRef, y: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BoolRef]:
        if is_div:
            return z3.UDiv(x, y), (z3.URem(x, y) != 0) if exact else FALSE
        return z3.URem(x, y), FALSE

    # The divisor is never poison where the result matters (that is UB), so only the
    # dividend's poison propagates; lanewise2 ORs both, which is the same.
    return lanewise2(args[0], args[1], f)


@semantics("sdiv", "srem")
def _sdiv(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    _divisor_ub(ctx, args[1])
    _signed_overflow_ub(ctx, args[0], args[1])
    is_div = inst.opcode == "sdiv"
    exact = "exact" in getattr(inst, "flags", frozenset())

    def f(x: z3.BitVecRef, y: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BoolRef]:
        if is_div:
            return x / y, (z3.SRem(x, y) != 0) if exact else FALSE  # z3 '/' is signed
        return z3.SRem(x, y), FALSE

    return lanewise2(args[0], args[1], f)


@semantics("shl")
def _shl(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    flags: frozenset[str] = getattr(inst, "flags", frozenset())

    def f(x: z3.BitVecRef, s: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BoolRef]:
        w = x.size()
        # By a constant: the same value as a product, which Z3's simplifier folds into
        # the address arithmetic around it (a GEP's index); the shift otherwise.
        r = x * z3.BitVecVal(1 << s.as_long() if s.as_long() < w else 0, w) if z3.is_bv_value(s) else x << s
        conds = [z3.UGE(s, w)]
        if "nsw" in flags:
            conds.append(r >> s != x)  # arithmetic shift back must give x
        if "nuw" in flags:
            conds.append(z3.LShR(r, s) != x)
        return r, any_of(conds)

    return lanewise2(args[0], args[1], f)


@semantics("lshr", "ashr")
def _shr(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    exact = "exact" in getattr(inst, "flags", frozenset())
    arith = inst.opcode == "ashr"

    def f(x: z3.BitVecRef, s: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BoolRef]:
        w = x.size()
        r = x >> s if arith else z3.LShR(x, s)
        conds = [z3.UGE(s, w)]
        if exact:
            conds.append(r << s != x)
        return r, any_of(conds)

    return lanewise2(args[0], args[1], f)


@semantics("and")
def _and(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    return lanewise2(args[0], args[1], lambda x, y: (x & y, FALSE))


@semantics("or")
def _or_op(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    disjoint = "disjoint" in getattr(inst, "flags", frozenset())
    if disjoint:
        # Where no bit is set in both (else the lane is poison, whose value nothing
        # reads), or is addition: written so, Z3's simplifier folds it into the address
        # arithmetic around it (the odd element of an interleaved pair).
        return lanewise2(args[0], args[1], lambda x, y: (x + y, (x & y) != 0))
    return lanewise2(args[0], args[1], lambda x, y: (x | y, FALSE))


@semantics("xor")
def _xor(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    return lanewise2(args[0], args[1], lambda x, y: (x ^ y, FALSE))


_ICMP: dict[str, Callable[[z3.BitVecRef, z3.BitVecRef], z3.BoolRef]] = {
    "eq": lambda x, y: x == y,
    "ne": lambda x, y: x != y,
    "ugt": z3.UGT,
    "uge": z3.UGE,
    "ult": z3.ULT,
    "ule": z3.ULE,
    "sgt": lambda x, y: x > y,
    "sge": lambda x, y: x >= y,
    "slt": lambda x, y: x < y,
    "sle": lambda x, y: x <= y,
}

ONE1 = z3.BitVecVal(1, 1)
ZERO1 = z3.BitVecVal(0, 1)


def bool_to_bv(b: z3.BoolRef) -> z3.BitVecRef:
    return z3.If(b, ONE1, ZERO1)


@semantics("icmp")
def _icmp(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    pred = _ICMP[text_attr(inst, "pred")]
    samesign = "samesign" in getattr(inst, "flags", frozenset())
    is_ptr = isinstance(inst.operands[0].type.scalar, PtrType)

    def f(x: z3.BitVecRef, y: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BoolRef]:
        sx, sy = x, y  # what samesign looks at: a pointer's sign is its address's
        if is_ptr and samesign:
            sx, sy = (pointer_address(ctx, v, "icmp samesign of pointers") for v in (x, y))
        if is_ptr:
            x, y = _pointer_operands(ctx, text_attr(inst, "pred"), x, y)
        w = sx.size()
        diff_sign = z3.Extract(w - 1, w - 1, sx) != z3.Extract(w - 1, w - 1, sy)
        return bool_to_bv(pred(x, y)), diff_sign if samesign else FALSE

    return lanewise2(args[0], args[1], f)


def _pointer_operands(
    ctx: Context, pred: str, x: z3.BitVecRef, y: z3.BitVecRef
) -> tuple[z3.BitVecRef, z3.BitVecRef]:
    """A comparison of pointers compares their addresses (LangRef: as integers). Within
    one block, the offsets; across blocks, the blocks' addresses too (see addresses.py):
    a pointer one past the end of an object may equal a pointer to another, with other
    provenance; and one computed out of its object's bounds (getelementptr without
    inbounds) may have address 0 and equal null."""
    bx = simplify(z3.Extract(PTR_BITS - 1, PTR_ADDR_BITS, x))
    by = simplify(z3.Extract(PTR_BITS - 1, PTR_ADDR_BITS, y))
    if pred in ("eq", "ne") and (bx.eq(by) or ctx.block_addresses is None):
        # (None: the reference interpreter on concrete in-bounds pointers, outside a
        # check, where objects have no addresses: they are equal when they are the same.)
        return x, y
    if not bx.eq(by):
        kind = "equality" if pred in ("eq", "ne") else "ordered comparison"
        what = f"{kind} of pointers that may be in different blocks"
        return pointer_address(ctx, x, what), pointer_address(ctx, y, what)
    if pred.startswith("s") and ctx.block_addresses is not None:
        # A signed order sees the address's sign bit, which one object may straddle:
        # the offsets in the block do not decide it. (The reference interpreter's
        # layout puts no block across it, see addresses.py.)
        what = "signed comparison of pointers"
        return pointer_address(ctx, x, what), pointer_address(ctx, y, what)
    bits = ctx.layout.pointer_bits  # the offsets in the block, as wide as the layout's pointers
    return z3.Extract(bits - 1, 0, x), z3.Extract(bits - 1, 0, y)


# ----------------------------------------------------------------------------- casts


def _cast_bits(inst: Instruction) -> tuple[int, int]:
    src = inst.operands[0].type.scalar
    dst = inst.type.scalar
    assert isinstance(src, IntType) and isinstance(dst, IntType)
    return src.bits, dst.bits


@semantics("zext")
def _zext(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    sw, dw = _cast_bits(inst)
    nneg = "nneg" in getattr(inst, "flags", frozenset())
    return tuple(
        Lane(z3.ZeroExt(dw - sw, a.value), _or(a.poison, (a.value < 0) if nneg else FALSE))
        for a in args[0]
    )


@semantics("sext")
def _sext(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    sw, dw = _cast_bits(inst)
    return tuple(Lane(z3.SignExt(dw - sw, a.value), a.poison) for a in args[0])


@semantics("trunc")
def _trunc(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    sw, dw = _cast_bits(inst)
    flags: frozenset[str] = getattr(inst, "flags", frozenset())
    out = []
    for a in args[0]:
        r = z3.Extract(dw - 1, 0, a.value)
        conds = [a.poison]
        if "nuw" in flags:
            conds.append(z3.ZeroExt(sw - dw, r) != a.value)
        if "nsw" in flags:
            conds.append(z3.SignExt(sw - dw, r) != a.value)
        out.append(Lane(r, any_of(conds)))
    return tuple(out)
