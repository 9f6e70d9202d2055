"""ptrtoint: the address of a pointer. Every block that arguments and globals may point
into has an address, a part of the environment shared by source and target (an input
of the check, see Environment.block_addresses): aligned to BLOCK_ALIGN, above zero (the
null pointer's address), not wrapping around, and disjoint from the other blocks (in an
address space too small for that alignment, 8-bit pointers, aligned less). A
pointer's address is its block's plus its offset; null's is 0. Blocks of allocas get no
address: ptrtoint of a pointer that may point into one is reported unsupported.

The reference interpreter (concrete evaluation, outside a check) has no such inputs: for
the address arithmetic of getelementptr's wrap flags it places block ``k`` at the fixed
address ``(k + 1) << (pointer bits - 8)``: with 64-bit pointers a layout like any other
(aligned, disjoint, far from both ends of the address space), see :func:`flags_address`."""

from __future__ import annotations

import z3

from ..ir.types import IntType
from ..ir.values import Instruction
from .core import PTR_ADDR_BITS, Context, Lane, SymValue, semantics
from .memory import address_of, block_of, const_value


def pointer_address(ctx: Context, ptr: z3.BitVecRef, what: str) -> z3.BitVecRef:
    """The address of the pointer ``ptr`` (a lane's bits); ``what`` names the operation
    for the unsupported cases."""
    if ctx.block_addresses is None:
        raise ctx.unsupported(f"{what} outside a refinement check (block addresses are its inputs)")
    bases, local = ctx.block_addresses()
    bid = block_of(ptr)
    k = const_value(bid)
    if local and (k is None or k not in bases) and k != 0:
        # (An argument's block is a variable: it might be an alloca's, as far as a term
        # says, once a pointer to the alloca may be stored and loaded back.)
        raise ctx.unsupported(f"{what} in a function with allocas (their addresses are not modelled)")
    base: z3.BitVecRef = z3.BitVecVal(0, PTR_ADDR_BITS)  # null's block
    if k is not None:
        base = bases.get(k, base)
    else:
        for j, b in bases.items():
            base = z3.If(bid == j, b, base)
    return _in_address_space(ctx, base + address_of(ptr))


def _in_address_space(ctx: Context, address: z3.BitVecRef) -> z3.BitVecRef:
    """An address (PTR_ADDR_BITS wide) in the data layout's pointers: with narrower ones,
    the address modulo their width."""
    bits = ctx.layout.pointer_bits
    return address if bits == PTR_ADDR_BITS else z3.Extract(bits - 1, 0, address)


@semantics("ptrtoint")
def _ptrtoint(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    t = inst.type.scalar
    assert isinstance(t, IntType)
    out = []
    for p in args[0]:
        addr = pointer_address(ctx, p.value, "ptrtoint")
        w = addr.size()
        if t.bits < w:
            addr = z3.Extract(t.bits - 1, 0, addr)
        elif t.bits > w:
            addr = z3.ZeroExt(t.bits - w, addr)
        out.append(Lane(addr, p.poison))
    return tuple(out)


def flags_address(ctx: Context, ptr: z3.BitVecRef) -> z3.BitVecRef:
    """The address on which getelementptr's ``nusw``/``nuw`` are decided (LangRef: the
    base address plus the offset must not wrap the pointer index type): the pointer's
    absolute address, not its offset in its block. A pointer at the start of its block
    minus 1 does not wrap (every block lies above null), and one at its block's start
    plus ``-1`` as an unsigned offset does (``nuw``)."""
    if ctx.block_addresses is not None:
        return pointer_address(ctx, ptr, "getelementptr nusw/nuw without inbounds")
    bits = ctx.layout.pointer_bits
    bid = block_of(ptr)
    if (k := const_value(bid)) is None or k + 1 >= 256:
        raise ctx.unsupported("getelementptr nusw/nuw without inbounds on a pointer of unknown block "
                              "outside a refinement check")
    base = 0 if k == 0 else (k + 1) << max(bits - 8, 0)
    return _in_address_space(ctx, z3.BitVecVal(base, PTR_ADDR_BITS) + address_of(ptr))
