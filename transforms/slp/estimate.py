"""The cost of a tree: what the scalar code it replaces costs, and what its vector code
costs, on one target (``costs.py``).

Scalar instructions count only when vectorizing deletes them; one that keeps users
outside the tree either stays (no saving) or, when every such user comes after the
insertion point, is replaced by an ``extractelement`` (its cost is added).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from vecverify.ir.values import Cast, Constant, ConstInt, Instruction

from .costs import SCALAR, Target
from .tree import Node


@dataclass
class TreeCost:
    scalar: int
    vector: int

    @property
    def benefit(self) -> int:
        return self.scalar - self.vector


def scalar_cost(inst: Instruction) -> int:
    if isinstance(inst, Cast):
        return SCALAR["cast"]
    return SCALAR.get(inst.opcode, 1)


def node_vector_cost(node: Node, target: Target) -> int:
    vt = node.vector_type
    regs = target.registers(vt)
    if node.kind == "const":
        return 0
    if node.kind == "splat":
        return target.broadcast
    if node.kind == "gather":
        made = sum(scalar_cost(v) for v in node.materialize)
        return made + target.insert * sum(1 for v in node.scalars if not isinstance(v, Constant))
    if node.kind == "load":
        return regs + (target.shuffle * regs if node.order is not None or node.fill else 0)
    if node.kind in ("op", "alt"):
        assert node.plan is not None
        uniform = _uniform(node.children[1])
        cost = sum(target.vector_op(op, vt, uniform) for op in node.plan.ops)
        if node.kind == "alt" or any(f.copy for f in node.plan.forms):
            cost += target.shuffle * regs
        return cost
    return regs  # cast, cmp, select, fneg


def _uniform(node: Node) -> bool:
    """A shift amount that is the same on every lane (a cheap immediate shift)."""
    if node.kind == "splat":
        return True
    if node.kind == "const":
        vals = {v.value if isinstance(v, ConstInt) else id(v) for v in node.scalars}
        return len(vals) == 1
    return False


def tree_cost(root: Node, target: Target, dying: set[int], users: dict[int, list[Instruction]],
              extractable: set[int], replaced_roots: Iterable[Instruction]) -> TreeCost:
    """``dying``: ids of every instruction the vector code makes dead if nothing else uses
    it; ``extractable``: ids of users that come after the insertion point."""
    replaced = [i for node in root.walk() for i in node.replaced]
    dead = surviving_dead(replaced, dying, users, extractable)
    scalar = sum(scalar_cost(i) for i in replaced_roots)
    vector = sum(node_vector_cost(node, target) for node in root.walk())
    for inst in replaced:
        if id(inst) not in dead:
            continue  # kept for a user before the insertion point: no saving
        scalar += scalar_cost(inst)
        if any(id(u) not in dying for u in users.get(id(inst), [])):
            vector += target.extract
    return TreeCost(scalar, vector)


def surviving_dead(replaced: list[Instruction], dying: set[int], users: dict[int, list[Instruction]],
                   extractable: set[int]) -> set[int]:
    """The ids of ``dying`` that really die: a replaced scalar with a user outside that
    cannot read an extract (it comes before the insertion point) stays, and then so do
    the scalars it uses (its operands keep a user)."""
    dead = set(dying)
    changed = True
    while changed:
        changed = False
        for inst in replaced:
            if id(inst) not in dead:
                continue
            outside = [u for u in users.get(id(inst), []) if id(u) not in dead]
            if any(id(u) not in extractable for u in outside):
                dead.discard(id(inst))
                changed = True
    return dead


def value_users(insts: Iterable[Instruction]) -> dict[int, list[Instruction]]:
    users: dict[int, list[Instruction]] = {}
    for inst in insts:
        for op in inst.operands:
            if isinstance(op, Instruction):
                users.setdefault(id(op), []).append(inst)
    return users
