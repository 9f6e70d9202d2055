"""Intrinsics that make lane indices and lane masks, as the loop vectorizer's tail
folding uses them: ``llvm.stepvector`` and ``llvm.get.active.lane.mask`` (LangRef).
Scalable vectors are not modelled: their types are refused by the reader."""

from __future__ import annotations

import z3

from ..ir.types import VectorType
from ..ir.values import Instruction
from .core import FALSE, Context, Lane, SymValue, any_of, semantics


def _lanes(ctx: Context, inst: Instruction, what: str) -> VectorType:
    t = inst.type
    if not isinstance(t, VectorType):
        raise ctx.unsupported(f"{what} of type {t}")
    return t


@semantics("llvm.stepvector")
def _stepvector(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """Lane i is i. LangRef: a lane whose index does not fit the element type is
    undefined; modelled as poison (the strictest reading: nothing may rely on it)."""
    t = _lanes(ctx, inst, "llvm.stepvector")
    w = t.elem.bits
    if w < 8:  # LLVM's verifier rejects it
        raise ctx.unsupported(f"llvm.stepvector of {t} (elements narrower than 8 bits)")
    return tuple(Lane(z3.BitVecVal(i % (1 << w), w), FALSE if i < 1 << w else z3.BoolVal(True))
                 for i in range(t.count))


@semantics("llvm.get.active.lane.mask")
def _active_lane_mask(ctx: Context, inst: Instruction, args: list[SymValue]) -> SymValue:
    """Lane i is ``base + i < n`` (unsigned), computed in integers, not machine numbers:
    a lane whose ``base + i`` would wrap is inactive. Poison if either operand is."""
    t = _lanes(ctx, inst, "llvm.get.active.lane.mask")
    (base,), (n,) = args
    w = base.value.size()
    wide_base, wide_n = z3.ZeroExt(w + 1, base.value), z3.ZeroExt(w + 1, n.value)
    poison = any_of([base.poison, n.poison])
    out = []
    for i in range(t.count):
        active = z3.ULT(wide_base + z3.BitVecVal(i, 2 * w + 1), wide_n)
        out.append(Lane(z3.If(active, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)), poison))
    return tuple(out)
