"""Seeds: where a tree starts (seed 000, section 2).

* chains of stores of one scalar type to consecutive addresses of one base (the
  constant-offset analysis of ``address.py``), in address order;
* the indices of ``getelementptr`` s (seed 000's vectorizeGEPIndices): per base object,
  the single non-constant indices of its GEPs, leaving out pairs whose addresses differ
  by a constant (one is computed from the other) and repeated indices. Their users stay
  scalar and read an ``extractelement``: the gather idiom ``g[a[0] - b[0]] + ...``;
* horizontal reductions: a tree of one associative, commutative integer operation
  (add, mul, and, or, xor, and the smax/smin/umax/umin intrinsics) whose interior nodes
  have one use each; its leaves are the
  bundle, the root becomes ``llvm.vector.reduce.<op>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from transforms.vectorize.address import access_of, address_of
from vecverify.ir.types import FloatType, IntType
from vecverify.ir.values import BinOp, Call, Constant, GetElementPtr, Instruction, Store, Value

REDUCTION_OPS = ("add", "mul", "and", "or", "xor")
MINMAX = ("smax", "smin", "umax", "umin")  # as calls of llvm.<op>.iN


def reduction_kind(v: Value) -> str | None:
    """The associative, commutative integer operation ``v`` computes, if any."""
    if isinstance(v, BinOp) and v.op in REDUCTION_OPS and isinstance(v.type, IntType):
        return v.op
    if isinstance(v, Call) and isinstance(v.type, IntType) and len(v.operands) == 2:
        name = v.callee.split(".")
        if len(name) == 3 and name[0] == "llvm" and name[1] in MINMAX:
            return name[1]
    return None


def store_chains(block: Sequence[Instruction]) -> list[list[Store]]:
    """Maximal runs of stores to consecutive addresses, each in address order."""
    groups: dict[tuple[int, tuple[object, ...], str], list[tuple[int, Store]]] = {}
    for inst in block:
        if not isinstance(inst, Store):
            continue
        t = inst.operands[0].type
        acc = access_of(inst)
        if acc is None or not isinstance(t, IntType | FloatType) or (isinstance(t, IntType) and t.bits % 8):
            continue
        key = (id(acc.address.base), acc.address.linear.terms, str(t))
        groups.setdefault(key, []).append((acc.address.linear.offset, inst))
    chains = []
    for members in groups.values():
        members.sort(key=lambda m: _signed(m[0]))
        size = access_of(members[0][1]).size  # type: ignore[union-attr]
        run = [members[0]]
        for off, st in members[1:]:
            if _signed(off) - _signed(run[-1][0]) == size:
                run.append((off, st))
                continue
            if len(run) > 1:  # a gap, or a second store to the same address
                chains.append([s for _, s in run])
            run = [(off, st)]
        if len(run) > 1:
            chains.append([s for _, s in run])
    return chains


def gep_index_bundles(block: Sequence[Instruction]) -> list[list[Value]]:
    """The non-constant indices of one-index GEPs of a base object, as seed bundles."""
    groups: dict[int, list[GetElementPtr]] = {}
    for inst in block:
        if (isinstance(inst, GetElementPtr) and len(inst.operands) == 2
                and isinstance(inst.operands[1], Instruction) and isinstance(inst.operands[1].type, IntType)):
            groups.setdefault(id(address_of(inst.operands[0]).base), []).append(inst)
    bundles = []
    ids = {id(i) for i in block}
    for geps in groups.values():
        dropped: set[int] = set()
        for i, g in enumerate(geps):
            for h in geps[i + 1:]:
                if address_of(g).distance(address_of(h)) is not None:
                    dropped |= {id(g), id(h)}
        indices: list[Value] = []
        for g in geps:
            idx = g.operands[1]
            if id(g) not in dropped and id(idx) in ids and all(idx is not x for x in indices):
                indices.append(idx)
        if len(indices) >= 2 and not any(isinstance(x, Constant) for x in indices):
            bundles.append(indices)
    return bundles


def _signed(x: int) -> int:
    return x - (1 << 64) if x >> 63 else x


@dataclass
class Reduction:
    root: Instruction
    op: str  # add, mul, and, or, xor, smax, smin, umax, umin
    leaves: list[Value]
    interior: list[Instruction]


def reductions(block: Sequence[Instruction], users: dict[int, list[Instruction]]) -> list[Reduction]:
    ids = {id(i) for i in block}
    out = []
    for inst in block:
        kind = reduction_kind(inst)
        if kind is None:
            continue
        us = users.get(id(inst), [])
        if len(us) == 1 and reduction_kind(us[0]) == kind and id(us[0]) in ids:
            continue  # an interior node: its root is further down
        leaves: list[Value] = []
        interior: list[Instruction] = []
        _collect(inst, kind, ids, users, leaves, interior, top=True)
        if len(leaves) >= 4:
            out.append(Reduction(inst, kind, leaves, interior))
    return out


def _collect(v: Value, op: str, ids: set[int], users: dict[int, list[Instruction]],
             leaves: list[Value], interior: list[Instruction], top: bool) -> None:
    if (isinstance(v, Instruction) and reduction_kind(v) == op and id(v) in ids
            and v.type == (interior[0].type if interior else v.type)
            and (top or len(users.get(id(v), [])) == 1)):
        interior.append(v)
        for o in v.operands:
            _collect(o, op, ids, users, leaves, interior, top=False)
    else:
        leaves.append(v)
