"""The memory model: pointers are (block, offset) pairs into blocks of bytes.

Each pointer argument points into a block at an offset; both, and each block's size, are
inputs shared by source and target. A ``noalias`` argument (of the source) has a block of
its own; the other pointer arguments may share blocks, which is how they alias: two
pointers alias exactly when their block ids are equal and their byte ranges overlap.
Memory is two arrays indexed by the 72-bit pointer (8-bit block id above a 64-bit
offset): the byte and its poison bit. Keeping block ids apart from offsets lets the
solver settle most aliasing questions by comparing small ids instead of 64-bit
arithmetic. Block bases are taken to be aligned to 4096 bytes, so an access is aligned
when its offset is. An access is UB unless it lies inside its block, is aligned as
stated, and its pointer is not poison.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from ..ir.types import FloatType, IntType, PtrType, Type, VectorType
from .core import (
    PTR_ADDR_BITS,
    PTR_BITS,
    PTR_BLOCK_BITS,
    TRUE,
    Context,
    Lane,
    SymValue,
    any_of,
)

KEY = z3.BitVecSort(PTR_BITS)  # a pointer: the index of the memory arrays
BYTE = z3.BitVecSort(8)


@dataclass(frozen=True)
class Write:
    """One byte written: at ``key``, under ``cond`` (a masked lane, or one path of a join)."""

    key: z3.BitVecRef
    byte: z3.BitVecRef
    poison: z3.BoolRef
    cond: z3.BoolRef


@dataclass(frozen=True)
class Memory:
    """The initial memory (two arrays, inputs) and the writes since, oldest first.

    Reads resolve the writes into an if-then-else chain here rather than leaving
    ``store`` chains to the solver: comparisons of keys in different blocks simplify to
    false on the spot, so most aliasing questions never reach the solver.
    """

    init_data: z3.ArrayRef
    init_poison: z3.ArrayRef
    writes: tuple[Write, ...] = ()

    def read(self, key: z3.BitVecRef) -> tuple[z3.BitVecRef, z3.BoolRef]:
        byte: z3.BitVecRef = z3.Select(self.init_data, key)
        poison: z3.BoolRef = z3.Select(self.init_poison, key)
        for w in self.writes:
            same = TRUE if key.eq(w.key) else z3.simplify(key == w.key)
            if z3.is_false(same):
                continue
            hit = same if z3.is_true(w.cond) else (w.cond if z3.is_true(same) else z3.And(w.cond, same))
            if z3.is_true(hit):
                byte, poison = w.byte, w.poison
            else:
                byte, poison = z3.If(hit, w.byte, byte), z3.If(hit, w.poison, poison)
        return byte, poison

    def write(self, key: z3.BitVecRef, byte: z3.BitVecRef, poison: z3.BoolRef, cond: z3.BoolRef = TRUE) -> Memory:
        return Memory(self.init_data, self.init_poison, self.writes + (Write(key, byte, poison, cond),))

    def ite(self, cond: z3.BoolRef, other: Memory) -> Memory:
        """``cond ? self : other``: the writes the two do not share are kept, each under
        the condition of its side."""
        common = 0
        for a, b in zip(self.writes, other.writes, strict=False):
            if a is not b:
                break
            common += 1
        mine = tuple(_guarded(w, cond) for w in self.writes[common:])
        theirs = tuple(_guarded(w, z3.Not(cond)) for w in other.writes[common:])
        return Memory(self.init_data, self.init_poison, self.writes[:common] + mine + theirs)


def _guarded(w: Write, cond: z3.BoolRef) -> Write:
    return Write(w.key, w.byte, w.poison, cond if z3.is_true(w.cond) else z3.And(cond, w.cond))


@dataclass
class MemoryBlock:
    """A block that pointer arguments may point into: its id and its size in bytes."""

    block_id: int
    size: z3.BitVecRef


@dataclass
class PointerArg:
    """Where a pointer argument points: its block (a constant id for a noalias argument,
    else a choice among the shared blocks) and its offset in it."""

    arg_index: int
    block: z3.BitVecRef
    offset: z3.BitVecRef

    @property
    def pointer(self) -> z3.BitVecRef:
        return pointer_lane(self.block, self.offset)


def block_size(blocks: list[MemoryBlock], bid: z3.BitVecRef) -> z3.BitVecRef:
    """The size of block ``bid`` (0 for the null block and ids no block has)."""
    size: z3.BitVecRef = z3.BitVecVal(0, PTR_ADDR_BITS)
    for b in reversed(blocks):
        size = z3.If(bid == b.block_id, b.size, size)
    return z3.simplify(size) if z3.is_bv_value(bid) else size


def in_bounds(blocks: list[MemoryBlock], ptr: z3.BitVecRef, nbytes: int) -> z3.BoolRef:
    """``[ptr, ptr + nbytes)`` lies inside an existing block."""
    bid, off = block_of(ptr), address_of(ptr)
    size = block_size(blocks, bid)
    n = z3.BitVecVal(nbytes, PTR_ADDR_BITS)
    known = any_of([bid == b.block_id for b in blocks])
    return z3.And(known, z3.ULE(n, size), z3.ULE(off, size - n))


def pointer_lane(block_id: int | z3.BitVecRef, addr: z3.BitVecRef) -> z3.BitVecRef:
    blk = block_id if isinstance(block_id, z3.BitVecRef) else z3.BitVecVal(block_id, PTR_BLOCK_BITS)
    return z3.Concat(blk, addr)


def offset_by(ptr: z3.BitVecRef, nbytes: int) -> z3.BitVecRef:
    """The pointer ``nbytes`` further in the same block (block id kept apart, so that
    pointers into different blocks stay visibly different)."""
    if nbytes == 0:
        return ptr
    return pointer_lane(block_of(ptr), address_of(ptr) + nbytes)


def address_of(ptr: z3.BitVecRef) -> z3.BitVecRef:
    """The offset part of a pointer (its address within its block)."""
    return z3.Extract(PTR_ADDR_BITS - 1, 0, ptr)


def block_of(ptr: z3.BitVecRef) -> z3.BitVecRef:
    return z3.Extract(PTR_ADDR_BITS + PTR_BLOCK_BITS - 1, PTR_ADDR_BITS, ptr)


def initial_memory(prefix: str = "mem") -> Memory:
    return Memory(z3.Array(f"{prefix}!data", KEY, BYTE), z3.Array(f"{prefix}!poison", KEY, z3.BoolSort()))


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
    """Loads and stores over the shared blocks."""

    def __init__(self, blocks: list[MemoryBlock]):
        self.blocks = blocks

    def valid_access(self, ptr: Lane, nbytes: int, align: int) -> z3.BoolRef:
        conds = [z3.Not(ptr.poison), in_bounds(self.blocks, ptr.value, nbytes)]
        if align > 1:
            conds.append(z3.Extract(align.bit_length() - 2, 0, address_of(ptr.value)) == 0)
        return z3.And(*conds)

    def load_lanes(
        self, ctx: Context, mem: Memory, ptr: Lane, t: Type, align: int, active: list[z3.BoolRef] | None = None
    ) -> SymValue:
        """Read a value of type ``t``; ``active`` (masked loads) says which lanes are read."""
        size = element_bytes(t, ctx, "load")
        lanes = t.count if isinstance(t, VectorType) else 1
        out = []
        for i in range(lanes):
            lane_ptr = Lane(offset_by(ptr.value, i * size), ptr.poison)
            valid = self.valid_access(lane_ptr, size, align if i == 0 else 1)
            ctx.ub(z3.Not(valid) if active is None else z3.And(active[i], z3.Not(valid)))
            read = [mem.read(offset_by(ptr.value, i * size + k)) for k in range(size)]
            data = [b for b, _ in read]
            value = z3.Concat(*reversed(data)) if size > 1 else data[0]
            out.append(Lane(value, any_of([p for _, p in read])))
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
        for i, lane in enumerate(value):
            lane_ptr = Lane(offset_by(ptr.value, i * size), ptr.poison)
            valid = self.valid_access(lane_ptr, size, align if i == 0 else 1)
            ctx.ub(z3.Not(valid) if active is None else z3.And(active[i], z3.Not(valid)))
            cond = TRUE if active is None else active[i]
            for k in range(size):
                byte = z3.Extract(8 * k + 7, 8 * k, lane.value)
                mem = mem.write(offset_by(ptr.value, i * size + k), byte, lane.poison, cond)
        return mem
