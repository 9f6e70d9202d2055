"""The memory model: pointer arguments point into blocks of one byte-addressed memory.

Each pointer argument ``i`` (block id ``i + 1``; id 0 is the null/unknown block) points
at offset ``O_i`` into a block ``[B_i, B_i + S_i)`` whose base, size and offset are
inputs shared by source and target. Blocks may overlap (arguments may alias) unless an
argument is ``noalias``. Memory is two arrays from 64-bit addresses to a byte and to its
poison bit. A pointer value is 72 bits: the block id it is based on (its provenance)
above its 64-bit address. An access is UB unless it lies inside the block its pointer
is based on, is aligned as stated, and its pointer is not poison.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from ..ir.types import FloatType, IntType, PtrType, Type, VectorType
from .core import (
    PTR_ADDR_BITS,
    PTR_BLOCK_BITS,
    Context,
    Lane,
    SymValue,
    any_of,
)

ADDR = z3.BitVecSort(PTR_ADDR_BITS)
BYTE = z3.BitVecSort(8)


@dataclass
class Memory:
    data: z3.ArrayRef
    poison: z3.ArrayRef

    def ite(self, cond: z3.BoolRef, other: Memory) -> Memory:
        """``cond ? self : other``."""
        if self.data.eq(other.data) and self.poison.eq(other.poison):
            return self
        return Memory(z3.If(cond, self.data, other.data), z3.If(cond, self.poison, other.poison))


@dataclass
class PointerBlock:
    """The block a pointer argument points into."""

    block_id: int
    arg_index: int
    base: z3.BitVecRef
    size: z3.BitVecRef
    offset: z3.BitVecRef

    @property
    def pointer(self) -> z3.BitVecRef:
        return self.base + self.offset

    def contains(self, addr: z3.BitVecRef, nbytes: int) -> z3.BoolRef:
        """``[addr, addr + nbytes)`` lies inside the block."""
        n = z3.BitVecVal(nbytes, PTR_ADDR_BITS)
        return z3.And(z3.ULE(self.base, addr), z3.ULE(n, self.size), z3.ULE(addr - self.base, self.size - n))

    def overlaps(self, other: PointerBlock) -> z3.BoolRef:
        return z3.And(
            z3.ULT(self.base, other.base + other.size), z3.ULT(other.base, self.base + self.size)
        )


def pointer_lane(block_id: int | z3.BitVecRef, addr: z3.BitVecRef) -> z3.BitVecRef:
    blk = block_id if isinstance(block_id, z3.BitVecRef) else z3.BitVecVal(block_id, PTR_BLOCK_BITS)
    return z3.Concat(blk, addr)


def address_of(ptr: z3.BitVecRef) -> z3.BitVecRef:
    return z3.Extract(PTR_ADDR_BITS - 1, 0, ptr)


def block_of(ptr: z3.BitVecRef) -> z3.BitVecRef:
    return z3.Extract(PTR_ADDR_BITS + PTR_BLOCK_BITS - 1, PTR_ADDR_BITS, ptr)


def initial_memory(prefix: str = "mem") -> Memory:
    return Memory(z3.Array(f"{prefix}!data", ADDR, BYTE), z3.Array(f"{prefix}!poison", ADDR, z3.BoolSort()))


def element_bytes(t: Type, ctx: Context, what: str) -> int:
    """Bytes of one lane in memory; only byte-sized integers and floats are modelled."""
    s = t.scalar
    if isinstance(s, PtrType):
        raise ctx.unsupported(f"{what} of a pointer value")
    if isinstance(s, IntType) and s.bits % 8 == 0:
        return s.bits // 8
    if isinstance(s, FloatType):
        return s.bits // 8
    raise ctx.unsupported(f"{what} of {t}")


class MemoryOps:
    """Loads and stores for one execution, given the shared blocks and the executing
    function's own attributes (which blocks it may not write or read)."""

    def __init__(self, blocks: list[PointerBlock], readonly: set[int], writeonly: set[int]):
        self.blocks = blocks
        self.readonly = readonly
        self.writeonly = writeonly

    def valid_access(self, ptr: Lane, nbytes: int, align: int, write: bool) -> z3.BoolRef:
        addr = address_of(ptr.value)
        blk = block_of(ptr.value)
        inside = []
        for b in self.blocks:
            if (write and b.block_id in self.readonly) or (not write and b.block_id in self.writeonly):
                continue
            inside.append(z3.And(blk == b.block_id, b.contains(addr, nbytes)))
        conds = [z3.Not(ptr.poison), any_of(inside)]
        if align > 1:
            conds.append(z3.Extract(align.bit_length() - 2, 0, addr) == 0)
        return z3.And(*conds)

    def load_lanes(
        self, ctx: Context, mem: Memory, ptr: Lane, t: Type, align: int, active: list[z3.BoolRef] | None = None
    ) -> SymValue:
        """Read a value of type ``t``; ``active`` (masked loads) says which lanes are read."""
        size = element_bytes(t, ctx, "load")
        lanes = t.count if isinstance(t, VectorType) else 1
        addr = address_of(ptr.value)
        out = []
        for i in range(lanes):
            lane_ptr = Lane(z3.Concat(block_of(ptr.value), addr + i * size), ptr.poison)
            valid = self.valid_access(lane_ptr, size, align if i == 0 else 1, write=False)
            on = active[i] if active is not None else z3.BoolVal(True)
            ctx.ub(z3.And(on, z3.Not(valid)))
            byte_addrs = [addr + (i * size + k) for k in range(size)]
            data = [z3.Select(mem.data, a) for a in byte_addrs]
            value = z3.Concat(*reversed(data)) if size > 1 else data[0]
            poison = any_of([z3.Select(mem.poison, a) for a in byte_addrs])
            out.append(Lane(value, poison))
        return tuple(out)

    def store_lanes(
        self,
        ctx: Context,
        mem: Memory,
        ptr: Lane,
        t: Type,
        value: SymValue,
        align: int,
        active: list[z3.BoolRef] | None = None,
    ) -> Memory:
        size = element_bytes(t, ctx, "store")
        addr = address_of(ptr.value)
        data, poison = mem.data, mem.poison
        for i, lane in enumerate(value):
            lane_ptr = Lane(z3.Concat(block_of(ptr.value), addr + i * size), ptr.poison)
            valid = self.valid_access(lane_ptr, size, align if i == 0 else 1, write=True)
            on = active[i] if active is not None else z3.BoolVal(True)
            ctx.ub(z3.And(on, z3.Not(valid)))
            for k in range(size):
                a = addr + (i * size + k)
                byte = z3.Extract(8 * k + 7, 8 * k, lane.value)
                if active is None:
                    data = z3.Store(data, a, byte)
                    poison = z3.Store(poison, a, lane.poison)
                else:
                    data = z3.Store(data, a, z3.If(on, byte, z3.Select(data, a)))
                    poison = z3.Store(poison, a, z3.If(on, lane.poison, z3.Select(poison, a)))
        return Memory(data, poison)
