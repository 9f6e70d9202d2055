"""getelementptr: pointer arithmetic with the inbounds / nusw / nuw flags."""

from __future__ import annotations

import z3

from ..errors import Unsupported
from ..ir.types import FloatType, IntType, PtrType, Type, VectorType
from ..ir.values import GetElementPtr, Instruction
from .core import PTR_ADDR_BITS, Context, Lane, SymValue, any_of
from .memory import PointerBlock, address_of, block_of, pointer_lane


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
    raise Unsupported(f"getelementptr over {t}")


def _to_index(lane: Lane) -> z3.BitVecRef:
    w = lane.value.size()
    if w == PTR_ADDR_BITS:
        return lane.value
    if w < PTR_ADDR_BITS:
        return z3.SignExt(PTR_ADDR_BITS - w, lane.value)
    return z3.Extract(PTR_ADDR_BITS - 1, 0, lane.value)


def gep_semantics(
    ctx: Context, inst: Instruction, args: list[SymValue], blocks: list[PointerBlock]
) -> SymValue:
    assert isinstance(inst, GetElementPtr) and inst.source_type is not None
    if inst.type.is_vector or any(len(a) != 1 for a in args):
        raise ctx.unsupported("vector getelementptr")
    (base,) = args[0]
    flags = inst.flags
    nusw = "inbounds" in flags or "nusw" in flags
    nuw = "nuw" in flags
    poison = [base.poison]
    offset = z3.BitVecVal(0, PTR_ADDR_BITS)
    t: Type = inst.source_type
    for i, (idx,) in enumerate(args[1:]):
        if i > 0:
            if not isinstance(t, VectorType):
                raise ctx.unsupported(f"getelementptr into {t}")
            t = t.elem
        size = alloc_size(t)
        x = _to_index(idx)
        poison.append(idx.poison)
        w = idx.value.size()
        if nusw and w > PTR_ADDR_BITS:
            poison.append(z3.SignExt(w - PTR_ADDR_BITS, x) != idx.value)
        term = x * size
        if nusw:
            wide = z3.SignExt(PTR_ADDR_BITS, x) * size
            poison.append(z3.SignExt(PTR_ADDR_BITS, term) != wide)
            poison.append(z3.Not(z3.BVAddNoOverflow(offset, term, True)))
            poison.append(z3.Not(z3.BVAddNoUnderflow(offset, term)))
        if nuw:
            wide = z3.ZeroExt(PTR_ADDR_BITS, x) * size
            poison.append(z3.ZeroExt(PTR_ADDR_BITS, term) != wide)
            poison.append(z3.Not(z3.BVAddNoOverflow(offset, term, False)))
        offset = offset + term
    addr = address_of(base.value)
    result = addr + offset
    if nusw:  # the address plus a signed offset must not wrap
        signed_wrap = z3.If(
            offset < 0, z3.ULT(addr, result), z3.ULT(result, addr)
        )
        poison.append(signed_wrap)
    if nuw:
        poison.append(z3.ULT(result, addr))
    if "inbounds" in flags:
        blk = block_of(base.value)
        inside = [offset == 0]
        for b in blocks:
            end = b.base + b.size
            inside.append(
                z3.And(
                    blk == b.block_id,
                    z3.ULE(b.base, addr), z3.ULE(addr, end),
                    z3.ULE(b.base, result), z3.ULE(result, end),
                )
            )
        poison.append(z3.Not(any_of(inside)))
    return (Lane(pointer_lane(block_of(base.value), result), any_of(poison)),)
