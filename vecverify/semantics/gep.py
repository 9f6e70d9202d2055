"""getelementptr: pointer arithmetic with the inbounds / nusw / nuw flags."""

from __future__ import annotations

import z3

from ..errors import Unsupported
from ..ir.types import ArrayType, FloatType, IntType, PtrType, Type, VectorType
from ..ir.values import GetElementPtr, Instruction
from .core import GEP_INDEX_BITS, PTR_ADDR_BITS, Context, Lane, SymValue, any_of
from .memory import MemoryBlock, add_constant, address_of, block_of, block_size, pointer_lane


def _pow2_at_least(n: int) -> int:
    p = 1
    while p < n:
        p *= 2
    return p


def alloc_size(t: Type) -> int:
    """Bytes between consecutive elements of type ``t`` in memory (LLVM's default data
    layout, which matches x86-64 for the types vecverify models)."""
    if isinstance(t, IntType):
        store = (t.bits + 7) // 8
        align = min(_pow2_at_least(store), 16)
        return (store + align - 1) // align * align
    if isinstance(t, FloatType | PtrType):
        return t.bits // 8
    if isinstance(t, VectorType):
        return _pow2_at_least((t.bits + 7) // 8)
    if isinstance(t, ArrayType):
        return t.count * alloc_size(t.elem)
    raise Unsupported(f"getelementptr over {t}")


def _to_index(lane: Lane) -> z3.BitVecRef:
    w = lane.value.size()
    if w == GEP_INDEX_BITS:
        return lane.value
    if w < GEP_INDEX_BITS:
        return z3.SignExt(GEP_INDEX_BITS - w, lane.value)
    return z3.Extract(GEP_INDEX_BITS - 1, 0, lane.value)


def _widen(x: z3.BitVecRef) -> z3.BitVecRef:
    return x if PTR_ADDR_BITS == GEP_INDEX_BITS else z3.ZeroExt(GEP_INDEX_BITS - PTR_ADDR_BITS, x)


def gep_semantics(
    ctx: Context, inst: Instruction, args: list[SymValue], blocks: list[MemoryBlock]
) -> SymValue:
    assert isinstance(inst, GetElementPtr) and inst.source_type is not None
    if inst.type.is_vector or any(len(a) != 1 for a in args):
        raise ctx.unsupported("vector getelementptr")
    (base,) = args[0]
    flags = inst.flags
    nusw = "inbounds" in flags or "nusw" in flags
    nuw = "nuw" in flags
    poison = [base.poison]
    offset = z3.BitVecVal(0, GEP_INDEX_BITS)
    t: Type = inst.source_type
    for i, (idx,) in enumerate(args[1:]):
        if i > 0:
            if not isinstance(t, VectorType | ArrayType):
                raise ctx.unsupported(f"getelementptr into {t}")
            t = t.elem
        size = alloc_size(t)
        x = _to_index(idx)
        poison.append(idx.poison)
        w = idx.value.size()
        if nusw and w > GEP_INDEX_BITS:
            poison.append(z3.SignExt(w - GEP_INDEX_BITS, x) != idx.value)
        term = x * size
        if nusw:
            wide = z3.SignExt(GEP_INDEX_BITS, x) * size
            poison.append(z3.SignExt(GEP_INDEX_BITS, term) != wide)
            poison.append(z3.Not(z3.BVAddNoOverflow(offset, term, True)))
            poison.append(z3.Not(z3.BVAddNoUnderflow(offset, term)))
        if nuw:
            wide = z3.ZeroExt(GEP_INDEX_BITS, x) * size
            poison.append(z3.ZeroExt(GEP_INDEX_BITS, term) != wide)
            poison.append(z3.Not(z3.BVAddNoOverflow(offset, term, False)))
        offset = offset + term
    # The address arithmetic happens at LLVM's index width, where the flags are decided.
    off = _widen(address_of(base.value))
    offset = z3.simplify(offset)
    result = add_constant(off, offset.as_long()) if z3.is_bv_value(offset) else off + offset
    if nusw:  # the offset plus a signed delta must not wrap
        poison.append(z3.If(offset < 0, z3.ULT(off, result), z3.ULT(result, off)))
    if nuw:
        poison.append(z3.ULT(result, off))
    if "inbounds" in flags:
        # Both the base and the result lie in the block (one past its end allowed); a
        # zero offset is always in bounds.
        size = _widen(block_size(blocks, block_of(base.value)))
        inside = z3.And(block_of(base.value) != 0, z3.ULE(off, size), z3.ULE(result, size))
        poison.append(z3.Not(z3.Or(offset == 0, inside)))
    new_off = result if PTR_ADDR_BITS == GEP_INDEX_BITS else z3.Extract(PTR_ADDR_BITS - 1, 0, result)
    return (Lane(pointer_lane(block_of(base.value), new_off), any_of(poison)),)
