"""Costing a vectorization: what the scalar code it replaces costs against what its vector
code costs, on one target (``costs.py``).

Scalar instructions count only when vectorizing deletes them; one that keeps users
outside the vectorized code either stays (no saving) or, when every such user comes
after the insertion point, is replaced by an ``extractelement`` (its cost is added).
The SLP vectorizer's tree costs (``transforms/slp/estimate.py``) are built from these.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from vecverify.ir.values import Cast, Instruction

from .costs import SCALAR


@dataclass
class Cost:
    scalar: int
    vector: int

    @property
    def benefit(self) -> int:
        return self.scalar - self.vector


def scalar_cost(inst: Instruction) -> int:
    if isinstance(inst, Cast):
        return SCALAR["cast"]
    return SCALAR.get(inst.opcode, 1)


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
    """id(value) -> the instructions among ``insts`` that use it."""
    users: dict[int, list[Instruction]] = {}
    for inst in insts:
        for op in inst.operands:
            if isinstance(op, Instruction):
                users.setdefault(id(op), []).append(inst)
    return users
