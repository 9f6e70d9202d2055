"""``llvm.masked.gather`` and ``llvm.masked.scatter`` (LangRef): a load or store per
active lane, each through its own pointer lane.

Masked-lane rules: an inactive lane is not accessed (its pointer may be poison, null or
out of bounds) and a gather's inactive lane is the passthru's lane (poison where that
is); an active lane with a poison, out-of-bounds or (for the alignment given)
misaligned pointer is UB; a poison mask lane is UB (the executor's strict reading of
every masked intrinsic). A scatter writes its active lanes in lane order, so where two
active lanes share an address the higher lane's value stays (LangRef: "ordered from
least-significant to most-significant element").
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from ..ir.types import VectorType
from ..ir.values import Call, ConstInt
from .core import Context, Lane, SymValue
from .memory import Memory, MemoryOps

GATHER_SCATTER = ("llvm.masked.gather", "llvm.masked.scatter")

MaskFn = Callable[[SymValue], list[z3.BoolRef]]


def gather_scatter(ctx: Context, ops: MemoryOps, memory: Memory, inst: Call, base: str, args: list[SymValue],
                   mask_of: MaskFn) -> tuple[SymValue, Memory]:
    """The result and the memory after ``inst`` (one of GATHER_SCATTER)."""
    if base == "llvm.masked.gather":
        # LLVM 22: (<N x ptr> align A %ps, mask, passthru); older: (ps, i32 A, mask, passthru).
        ptrs, mask, passthru, align = _operands(ctx, inst, args, 0)
        t = inst.type
        if not isinstance(t, VectorType):
            raise ctx.unsupported(f"llvm.masked.gather of type {t}")
        active = mask_of(mask)
        out = []
        for p, a, pt in zip(ptrs, active, passthru, strict=True):
            (x,) = ops.load_lanes(ctx, memory, p, t.elem, align, [a])
            out.append(Lane(z3.If(a, x.value, pt.value), z3.If(a, x.poison, pt.poison)))
        return tuple(out), memory
    # LLVM 22: (value, <N x ptr> align A %ps, mask); older: (value, ps, i32 A, mask).
    ptrs, mask, value, align = _operands(ctx, inst, args, 1)
    vt = inst.operands[0].type
    if not isinstance(vt, VectorType):
        raise ctx.unsupported(f"llvm.masked.scatter of type {vt}")
    active = mask_of(mask)
    for v, p, a in zip(value, ptrs, active, strict=True):  # lane order: the last writer wins
        memory = ops.store_lanes(ctx, memory, p, vt.elem, (v,), align, [a])
    return (), memory


def _operands(ctx: Context, inst: Call, args: list[SymValue], at: int) -> tuple[SymValue, SymValue, SymValue, int]:
    """(pointers, mask, the other vector operand, alignment) of a gather (pointers ``at``
    0, passthru last) or a scatter (value first, pointers ``at`` 1): the alignment is
    the pointers' ``align`` attribute, or the old form's i32 operand after them."""
    rest = args[:at] + args[at + 1:]
    if len(args) == 4:
        align = _const_align(ctx, inst, at + 1)
        rest = args[:at] + args[at + 2:]
    else:
        align = _arg_align(inst, at)
    mask, other = (rest[0], rest[1]) if at == 0 else (rest[1], rest[0])
    return args[at], mask, other, align


def _const_align(ctx: Context, inst: Call, index: int) -> int:
    op = inst.operands[index]
    if not isinstance(op, ConstInt):
        raise ctx.unsupported(f"non-constant alignment operand of @{inst.callee}")
    return op.value


def _arg_align(inst: Call, index: int) -> int:
    attrs = inst.arg_attrs[index] if index < len(inst.arg_attrs) else None
    return attrs.align if attrs is not None and attrs.align else 1
