"""Loop structure: the loops the vectorizer considers, and the shape it needs.

A loop as clang-22 writes a straight-line ``for`` at ``-O3 -fno-vectorize
-fno-slp-vectorize -fno-unroll-loops`` is one basic block that branches to itself (header
and latch at once), entered from one block outside it and left through the other target
of its latch branch. Any other cycle in the control-flow graph (a body with branches, a
second latch, an exit from the middle) is found too, and reported with the reason it is
left scalar.
"""

from __future__ import annotations

from dataclasses import dataclass

from vecverify.ir.function import Block, Function
from vecverify.ir.values import Br, Instruction, Phi, Value


class Decline(Exception):
    """The loop is left scalar; the message says why (one line, for the report)."""


@dataclass
class Loop:
    """A single-block innermost loop: ``header`` branches to itself and to ``exit``."""

    fn: Function
    header: Block
    preheader: Block  # the one block outside the loop that branches to the header
    exit: Block
    branch: Br  # the latch's conditional branch

    @property
    def name(self) -> str:
        return f"%{self.header.name}"

    @property
    def body(self) -> list[Instruction]:
        """The header's instructions but its terminator, in order."""
        return self.header.instructions[:-1]

    @property
    def phis(self) -> list[Phi]:
        return [i for i in self.header.instructions if isinstance(i, Phi)]

    def contains(self, v: Value) -> bool:
        return isinstance(v, Instruction) and any(v is i for i in self.header.instructions)

    def is_invariant(self, v: Value) -> bool:
        """Defined outside the loop (an argument, a constant, another block's value)."""
        return not self.contains(v)

    def continues_when_true(self) -> bool:
        return self.branch.targets[0] == self.header.name


def predecessors(fn: Function) -> dict[str, list[str]]:
    preds: dict[str, list[str]] = {b.name: [] for b in fn.blocks}
    for b in fn.blocks:
        for t in b.successors():
            if b.name not in preds[t]:
                preds[t].append(b.name)
    return preds


def find_loops(fn: Function) -> list[tuple[str, Loop | None, str]]:
    """Every loop header of ``fn`` in block order: (header name, the loop or None, the
    reason it is not a loop the vectorizer handles)."""
    back_edges = fn.back_edges()
    preds = predecessors(fn)
    out: list[tuple[str, Loop | None, str]] = []
    for header in [b for b in fn.blocks if b.name in {h for _, h in back_edges}]:
        latches = [s for s, h in back_edges if h == header.name]
        if latches != [header.name]:
            out.append((header.name, None, "the loop body has more than one block"))
            continue
        if any(h == header.name for s, h in back_edges if s != header.name):
            out.append((header.name, None, "not an innermost loop"))
            continue
        out.append(_single_block_loop(fn, header, preds))
    return out


def _single_block_loop(fn: Function, header: Block, preds: dict[str, list[str]]) -> tuple[str, Loop | None, str]:
    term = header.instructions[-1]
    if not isinstance(term, Br) or len(term.targets) != 2 or term.targets[0] == term.targets[1]:
        return header.name, None, "the latch is not a conditional branch out of the loop"
    outside = [p for p in preds[header.name] if p != header.name]
    if len(outside) != 1:
        return header.name, None, f"the loop is entered from {len(outside)} blocks"
    pre = fn.block(outside[0])
    if not isinstance(pre.instructions[-1], Br):
        return header.name, None, "the loop is entered by a switch"
    exit_name = next(t for t in term.targets if t != header.name)
    return header.name, Loop(fn, header, pre, fn.block(exit_name), term), ""


def outside_users(loop: Loop) -> dict[int, list[Instruction]]:
    """For each loop value (by id), its users outside the loop."""
    inside = {id(i) for i in loop.header.instructions}
    users: dict[int, list[Instruction]] = {}
    for b in loop.fn.blocks:
        if b is loop.header:
            continue
        for inst in b.instructions:
            for op in inst.operands:
                if id(op) in inside:
                    users.setdefault(id(op), []).append(inst)
    return users


def make_lcssa(loop: Loop) -> list[Phi]:
    """Route every use of a loop value outside the loop through a phi in the exit block
    (LCSSA form), so the middle block can add its own incoming value. Returns the exit
    block's phis that take a value from the loop (new and old)."""
    users = outside_users(loop)
    exit_phis = [p for p in loop.exit.instructions if isinstance(p, Phi)]
    made: dict[int, Phi] = {}
    for v in loop.body:
        for u in users.get(id(v), []):
            if isinstance(u, Phi) and u in exit_phis and all(
                    op is not v or blk == loop.header.name for op, blk in zip(u.operands, u.blocks, strict=True)):
                continue  # already an exit phi taking v from the loop
            if id(v) not in made:
                if len([p for p in predecessors(loop.fn)[loop.exit.name]]) != 1:
                    raise Decline(f"%{v.name} is used after the loop without a phi")
                phi = Phi(v.type, f"{v.name or 'v'}.lcssa", [v], blocks=[loop.header.name])
                loop.exit.instructions.insert(0, phi)
                made[id(v)] = phi
            u.operands = [made[id(v)] if op is v else op for op in u.operands]
    return [p for p in loop.exit.instructions if isinstance(p, Phi) and loop.header.name in p.blocks]
