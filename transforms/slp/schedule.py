"""Can a tree's memory accesses move to the insertion point?

The vector code is emitted at one point of the block (the last seed store, or the
reduction's root). A vector load there replaces scalar loads that ran earlier; the
vector store replaces seed stores that ran earlier. That is only correct when nothing
in between observes the difference:

* a tree load at position q: no store between q and the insertion point may write its
  bytes, and no seed store that ran before q may write them either (they all move to
  the insertion point, after the vector load);
* a seed store at position p: nothing between p and the insertion point may read or
  write its bytes (a load there would now see the old value; a store's order would be
  swapped);
* anything else that touches memory (calls, masked intrinsics) between the two points
  is a barrier.
"""

from __future__ import annotations

from collections.abc import Sequence

from transforms.vectorize.address import Access, access_of, may_alias
from vecverify.ir.values import Call, Instruction, Load, Store

# Intrinsics that do not touch memory (they may sit between the accesses).
_PURE_PREFIXES = (
    "llvm.smax", "llvm.smin", "llvm.umax", "llvm.umin", "llvm.abs", "llvm.vector.reduce",
    "llvm.ctpop", "llvm.ctlz", "llvm.cttz", "llvm.bswap", "llvm.fshl", "llvm.fshr",
    "llvm.fabs", "llvm.minnum", "llvm.maxnum", "llvm.minimum", "llvm.maximum", "llvm.copysign",
    "llvm.sadd", "llvm.uadd", "llvm.ssub", "llvm.usub", "llvm.smul", "llvm.umul", "llvm.assume",
    "llvm.fmuladd", "llvm.fma",
)


def touches_memory(inst: Instruction) -> bool:
    if isinstance(inst, Load | Store):
        return True
    if isinstance(inst, Call):
        return not inst.callee.startswith(_PURE_PREFIXES)
    return False


def can_schedule(block: Sequence[Instruction], insert_at: int, tree_loads: Sequence[Load],
                 seed_stores: Sequence[Store]) -> bool:
    pos = {id(inst): i for i, inst in enumerate(block)}
    seeds = {id(s) for s in seed_stores}
    seed_accesses: list[Access | None] = [access_of(s) for s in seed_stores]
    for load in tree_loads:
        q = pos.get(id(load))
        if q is None:
            return False
        acc = access_of(load)
        # A seed store that ran before the load fed it; the vector store now runs after.
        if any(pos[id(st)] < q and may_alias(acc, sa) for st, sa in zip(seed_stores, seed_accesses, strict=True)):
            return False
        for inst in block[q + 1:insert_at]:
            if id(inst) in seeds:
                continue
            if isinstance(inst, Store) and may_alias(acc, access_of(inst)):
                return False
            if touches_memory(inst) and not isinstance(inst, Load | Store):
                return False
    for store, acc in zip(seed_stores, seed_accesses, strict=True):
        p = pos[id(store)]
        for inst in block[p + 1:insert_at]:
            if id(inst) in seeds:
                continue
            if isinstance(inst, Load | Store):
                if may_alias(acc, access_of(inst)):
                    return False
            elif touches_memory(inst):
                return False
    return True
