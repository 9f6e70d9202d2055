"""ptrtoint: the address of a pointer. Every block that arguments and globals may point
into has an address, a part of the environment shared by source and target (an input
of the check, see Environment.block_addresses): aligned to BLOCK_ALIGN, above zero (the
null pointer's address), not wrapping around, and disjoint from the other blocks (an
address space too small for one such block, 8-bit pointers, is reported unsupported). A
pointer's address is its block's plus its offset; null's is 0. Blocks of allocas get no
address: ptrtoint where one exists is reported unsupported."""

from __future__ import annotations

import z3

from ..ir.types import IntType
from ..ir.values import Instruction
from .core import PTR_ADDR_BITS, Context, Lane, SymValue, semantics
from .memory import BLOCK_ALIGN, address_of, block_of


def pointer_address(ctx: Context, ptr: z3.BitVecRef, what: str) -> z3.BitVecRef:
    """The address of the pointer ``ptr`` (a lane's bits); ``what`` names the operation
    for the unsupported cases."""
    if ctx.block_addresses is None:
        raise ctx.unsupported(f"{what} outside a refinement check (block addresses are its inputs)")
    bases, local = ctx.block_addresses()
    if local:
        raise ctx.unsupported(f"{what} in a function with allocas (their addresses are not modelled)")
    if bases and 1 << ctx.layout.pointer_bits <= BLOCK_ALIGN:
        # No block base (aligned, above null) fits in the address space: the inputs would
        # have no memory layout at all, and every verdict would hold vacuously.
        raise ctx.unsupported(f"{what} with {ctx.layout.pointer_bits}-bit pointers (block addresses are "
                              f"{BLOCK_ALIGN}-byte aligned, none fits in that address space)")
    bid = block_of(ptr)
    base: z3.BitVecRef = z3.BitVecVal(0, PTR_ADDR_BITS)  # null's block
    for k, b in bases.items():
        base = z3.If(bid == k, b, base)
    address = base + address_of(ptr)
    bits = ctx.layout.pointer_bits  # narrower pointers: the address modulo their width
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
