"""``llvm.memset``, ``llvm.memcpy``, ``llvm.memmove`` (and their ``.inline`` forms) with a
constant length: byte by byte, through the same loads and stores as everything else.

A zero length does nothing (LangRef: a no-op, whatever the pointers). Otherwise the
destination (and the source) must be valid for the whole length, aligned as their
``align`` attribute says, and writable; ``memcpy``'s ranges must be equal or disjoint.
A volatile call or a length that is not a constant is not modelled.
"""

from __future__ import annotations

import z3

from ..ir.values import Call, ConstInt
from .core import Context, SymValue
from .memory import Memory, MemoryOps, address_of, block_of, bytes_of_one_value, offset_by

MEM_INTRINSICS = frozenset({"llvm.memset", "llvm.memset.inline", "llvm.memcpy", "llvm.memcpy.inline",
                            "llvm.memmove"})
MAX_LENGTH = 256  # bytes: each is a term of its own


def _align(inst: Call, i: int) -> int:
    return inst.arg_attrs[i].align if i < len(inst.arg_attrs) else 1


def _length(ctx: Context, inst: Call, base: str) -> int:
    length, volatile = inst.operands[2], inst.operands[3]
    if not isinstance(volatile, ConstInt) or volatile.value != 0:
        raise ctx.unsupported(f"volatile {base}")
    if not isinstance(length, ConstInt):
        raise ctx.unsupported(f"{base} with a length that is not a constant")
    if length.value > MAX_LENGTH:
        raise ctx.unsupported(f"{base} of more than {MAX_LENGTH} bytes")
    return length.value


def mem_intrinsic(ctx: Context, ops: MemoryOps, mem: Memory, inst: Call, base: str,
                  args: list[SymValue]) -> Memory:
    """The memory after the call."""
    n = _length(ctx, inst, base)
    if n == 0:
        return mem
    (dest,) = args[0]
    ctx.ub(z3.Not(ops.valid_access(dest, n, _align(inst, 0), write=True, mem=mem)))
    if base.startswith("llvm.memset"):
        (value,) = args[1]
        data = [(b, value.poison) for b in bytes_of_one_value(ctx, value.value, n)]
    else:
        (src,) = args[1]
        ctx.ub(z3.Not(ops.valid_access(src, n, _align(inst, 1), mem=mem)))
        if base.startswith("llvm.memcpy"):  # the ranges must be equal or not overlap (LangRef)
            a, b = address_of(dest.value), address_of(src.value)
            overlap = z3.And(block_of(dest.value) == block_of(src.value), a != b,
                             z3.ULT(a - b + (n - 1), 2 * n - 1))
            ctx.ub(overlap)
        data = [mem.read(offset_by(src.value, k)) for k in range(n)]  # read all, then write
    for k, (byte, poison) in enumerate(data):
        mem = mem.write(offset_by(dest.value, k), byte, poison)
    return mem


__all__ = ["MEM_INTRINSICS", "mem_intrinsic"]
