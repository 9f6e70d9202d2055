"""The lane-moving intrinsics scalable code uses (LangRef, LLVM 22): ``llvm.vscale``,
``llvm.vector.reverse``, ``llvm.vector.splice.left``/``.right``,
``llvm.vector.interleave2..8``/``deinterleave2..8``, ``llvm.vector.insert``/``extract``.

They are written once, on vectors of a known number of lanes: a scalable vector is read
at one vscale at a time (vecverify/ir/vscale.py), so ``<vscale x 4 x i32>`` at vscale 2
is eight lanes here, and a fixed vector is the same code with vscale out of the picture.
"""

from __future__ import annotations

import z3

from ..ir.types import VectorType
from ..ir.values import Instruction
from ..terms import simplify
from .core import (
    FALSE,
    Context,
    Lane,
    SymValue,
    any_of,
    intrinsic_base_name,
    ite_lane,
    lane_bits,
    poison_lane,
    semantics,
    text_attr,
)

_FACTORS = range(2, 9)


@semantics("llvm.vscale")
def _vscale(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    vscale = getattr(inst, "vscale", 0)
    if not vscale:
        raise ctx.unsupported("llvm.vscale outside a function read at one vscale")
    bits = lane_bits(inst.type)
    # LangRef: the result is vscale; one that does not fit iN cannot be represented.
    if vscale >> bits:
        raise ctx.unsupported(f"llvm.vscale of i{bits} at vscale {vscale}")
    return (Lane(z3.BitVecVal(vscale, bits), FALSE),)


@semantics("llvm.vector.reverse")
def _reverse(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    return tuple(reversed(args[0]))


def _poisoned(value: SymValue, poison: z3.BoolRef) -> SymValue:
    return tuple(Lane(lane.value, any_of([lane.poison, poison])) for lane in value)


@semantics("llvm.vector.splice.left", "llvm.vector.splice.right")
def _splice(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """``left(a, b, k)``: lanes k .. k+N-1 of ``a ++ b``; ``right(a, b, k)``: lanes
    N-k .. 2N-k-1 (the last k lanes of a, then b). Poison when k > N (N the runtime
    number of lanes) or k is poison."""
    a, b, (k,) = args
    n = len(a)
    both = a + b
    left = intrinsic_base_name(text_attr(inst, "callee")).endswith(".left")
    bits = lane_bits(inst.type)

    def spliced(off: int) -> SymValue:
        start = off if left else n - off
        return both[start:start + n]

    if z3.is_bv_value(k.value):
        off = k.value.as_long()
        if off > n:
            return tuple(poison_lane(bits) for _ in range(n))
        return _poisoned(spliced(off), k.poison)
    result = tuple(poison_lane(bits) for _ in range(n))  # k > N
    for off in range(n, -1, -1):
        if off >> k.value.size():
            continue
        hit = k.value == off
        result = tuple(ite_lane(hit, x, y) for x, y in zip(spliced(off), result, strict=True))
    return _poisoned(result, k.poison)


def _factor(inst: Instruction, prefix: str) -> int:
    base = intrinsic_base_name(text_attr(inst, "callee"))
    return int(base[len(prefix):])


@semantics(*(f"llvm.vector.interleave{f}" for f in _FACTORS))
def _interleave(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """Lane j*F + f of the result is lane j of operand f."""
    n = len(args[0])
    return tuple(args[f][j] for j in range(n) for f in range(len(args)))


@semantics(*(f"llvm.vector.deinterleave{f}" for f in _FACTORS))
def _deinterleave(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """A struct of F vectors: lane j of field f is lane j*F + f of the operand."""
    factor = _factor(inst, "llvm.vector.deinterleave")
    (vec,) = args
    n = len(vec) // factor
    return tuple(vec[j * factor + f] for f in range(factor) for j in range(n))


def _scaled_index(ctx: Context, inst: Instruction, idx: SymValue, sub: VectorType) -> int:
    """A subvector index: an immediate, times vscale where the subvector is scalable."""
    (lane,) = idx
    if not z3.is_bv_value(lane.value) or not z3.is_false(simplify(lane.poison)):
        raise ctx.unsupported(f"@{text_attr(inst, 'callee')} with a variable index")
    return lane.value.as_long() * max(sub.vscale, 1)


@semantics("llvm.vector.insert")
def _vector_insert(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """Lanes idx .. idx+len(sub)-1 of ``vec`` replaced by ``sub``; poison where they do
    not all fit (LangRef: only known at run time for scalable vectors)."""
    vec, sub, idx = args
    sub_t = inst.operands[1].type
    assert isinstance(sub_t, VectorType)
    at = _scaled_index(ctx, inst, idx, sub_t)
    if at + len(sub) > len(vec):
        return tuple(poison_lane(lane_bits(inst.type)) for _ in vec)
    return vec[:at] + sub + vec[at + len(sub):]


@semantics("llvm.vector.extract")
def _vector_extract(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    vec, idx = args
    t = inst.type
    assert isinstance(t, VectorType)
    at = _scaled_index(ctx, inst, idx, t)
    if at + t.count > len(vec):
        return tuple(poison_lane(lane_bits(t)) for _ in range(t.count))
    return vec[at:at + t.count]
