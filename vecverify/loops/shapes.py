"""What the loop witnesses know about instructions: the intrinsics that act lane by lane
(a vector loop widens them; an obligation recomputes them where they are loop-invariant)."""

from __future__ import annotations

WIDENABLE = frozenset({
    "llvm.fmuladd", "llvm.fma", "llvm.smin", "llvm.smax", "llvm.umin", "llvm.umax", "llvm.abs",
    "llvm.fabs", "llvm.minnum", "llvm.maxnum", "llvm.minimum", "llvm.maximum", "llvm.copysign",
    "llvm.sqrt", "llvm.floor", "llvm.ceil", "llvm.trunc", "llvm.round", "llvm.roundeven", "llvm.rint",
    "llvm.nearbyint", "llvm.ctpop", "llvm.ctlz", "llvm.cttz", "llvm.bswap", "llvm.fshl", "llvm.fshr",
    "llvm.uadd.sat", "llvm.usub.sat", "llvm.sadd.sat", "llvm.ssub.sat",
})
