"""The cost of a tree, built on the shared estimate (``transforms.vectorize.estimate``,
which says what counts): each node's vector code priced on one target."""

from __future__ import annotations

from collections.abc import Iterable

from transforms.vectorize.costs import Target
from transforms.vectorize.estimate import Cost, scalar_cost, surviving_dead
from vecverify.ir.values import Constant, ConstInt, Instruction

from .tree import Node


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
              extractable: set[int], replaced_roots: Iterable[Instruction]) -> Cost:
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
    return Cost(scalar, vector)
