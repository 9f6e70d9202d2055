"""Seeds: where a tree starts (seed 000, section 2).

* chains of stores of one scalar type to consecutive addresses of one base (the
  constant-offset analysis of ``address.py``), in address order;
* horizontal reductions: a tree of one associative, commutative integer operation
  (add, mul, and, or, xor) whose interior nodes have one use each; its leaves are the
  bundle, the root becomes ``llvm.vector.reduce.<op>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vecverify.ir.types import FloatType, IntType
from vecverify.ir.values import BinOp, Instruction, Store, Value

from .address import access_of

REDUCTION_OPS = ("add", "mul", "and", "or", "xor")


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


def _signed(x: int) -> int:
    return x - (1 << 64) if x >> 63 else x


@dataclass
class Reduction:
    root: BinOp
    op: str
    leaves: list[Value]
    interior: list[BinOp]


def reductions(block: Sequence[Instruction], users: dict[int, list[Instruction]]) -> list[Reduction]:
    ids = {id(i) for i in block}
    out = []
    for inst in block:
        if not (isinstance(inst, BinOp) and inst.op in REDUCTION_OPS and isinstance(inst.type, IntType)):
            continue
        us = users.get(id(inst), [])
        if len(us) == 1 and isinstance(us[0], BinOp) and us[0].op == inst.op and id(us[0]) in ids:
            continue  # an interior node: its root is further down
        leaves: list[Value] = []
        interior: list[BinOp] = []
        _collect(inst, inst.op, ids, users, leaves, interior, top=True)
        if len(leaves) >= 4:
            out.append(Reduction(inst, inst.op, leaves, interior))
    return out


def _collect(v: Value, op: str, ids: set[int], users: dict[int, list[Instruction]],
             leaves: list[Value], interior: list[BinOp], top: bool) -> None:
    if (isinstance(v, BinOp) and v.op == op and id(v) in ids and v.type == (interior[0].type if interior else v.type)
            and (top or len(users.get(id(v), [])) == 1)):
        interior.append(v)
        for o in v.operands:
            _collect(o, op, ids, users, leaves, interior, top=False)
    else:
        leaves.append(v)
