"""Loads and stores of whole structs and arrays (LangRef): each field or element at its
offset in the module's data layout (ir/layout.py), the access as a whole in bounds and
aligned; a store fills the padding bytes with undef. A zero-sized access (``{}``,
``[0 x T]``) touches no memory: only a poison pointer makes it UB."""

from __future__ import annotations

import z3

from ..ir.layout import DataLayout, store_size
from ..ir.types import ArrayType, StructType, Type
from .core import FALSE, Context, Lane, SymValue
from .memory import Memory, MemoryOps, offset_by


def is_aggregate(t: Type) -> bool:
    return isinstance(t, StructType | ArrayType)


def _leaves(layout: DataLayout, t: Type, at: int = 0) -> list[tuple[int, Type]]:
    """The non-aggregate parts of ``t`` with their byte offsets, in lane order."""
    if isinstance(t, StructType):
        offsets, _ = layout.struct_layout(t)
        return [leaf for f, off in zip(t.fields, offsets, strict=True) for leaf in _leaves(layout, f, at + off)]
    if isinstance(t, ArrayType):
        step = layout.alloc_size(t.elem)
        return [leaf for i in range(t.count) for leaf in _leaves(layout, t.elem, at + i * step)]
    return [(at, t)]


def _check_whole(ctx: Context, ops: MemoryOps, mem: Memory, ptr: Lane, size: int, align: int, write: bool) -> None:
    if size == 0:
        ctx.ub(ptr.poison)
    else:
        ctx.ub(z3.Not(ops.valid_access(ptr, size, align, write, mem)))


def load_aggregate(ctx: Context, ops: MemoryOps, mem: Memory, ptr: Lane, t: Type, align: int) -> SymValue:
    _check_whole(ctx, ops, mem, ptr, ctx.layout.alloc_size(t), align, write=False)
    lanes: list[Lane] = []
    for off, leaf in _leaves(ctx.layout, t):
        lanes += ops.load_lanes(ctx, mem, Lane(offset_by(ptr.value, off), ptr.poison), leaf, 1)
    return tuple(lanes)


def store_aggregate(
    ctx: Context, ops: MemoryOps, mem: Memory, ptr: Lane, t: Type, value: SymValue, align: int
) -> Memory:
    size = ctx.layout.alloc_size(t)
    _check_whole(ctx, ops, mem, ptr, size, align, write=True)
    covered: set[int] = set()
    k = 0
    for off, leaf in _leaves(ctx.layout, t):
        n = leaf.lanes
        mem = ops.store_lanes(ctx, mem, Lane(offset_by(ptr.value, off), ptr.poison), leaf, value[k:k + n], 1)
        covered.update(range(off, off + store_size(leaf, ctx.layout)))  # the rest is padding
        k += n
    for off in range(size):  # padding (LangRef: filled with undef)
        if off not in covered:
            mem = mem.write(offset_by(ptr.value, off), ctx.fresh_undef(8, z3.BoolVal(True)), FALSE)
    return mem
