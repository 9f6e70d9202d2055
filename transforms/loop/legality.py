"""Legality: everything the vectorizer must know about a loop before it changes it,
gathered into a :class:`LoopPlan`, or a :class:`Decline` saying why not.

Checked here: the loop shape (``structure``), the induction and exit test
(``induction``), every header phi is the induction, a reduction or a first-order
recurrence (``phis``), every memory access is consecutive, a uniform load or a member
of an interleave group (``groups``) and no dependence forbids every VF (``memory``), no
instruction the vector body cannot compute lane by lane (calls other than the
intrinsics below, pointers used as data, aggregates), and every value used after the
loop can be handed over by the middle block.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vecverify.ir.types import FloatType, IntType, PtrType
from vecverify.ir.values import (
    BinOp,
    Call,
    Cast,
    FCmp,
    FNeg,
    Freeze,
    GetElementPtr,
    ICmp,
    Instruction,
    Load,
    Phi,
    Select,
    Store,
)
from vecverify.loops.shapes import WIDENABLE
from vecverify.semantics.core import intrinsic_base_name

from .groups import Group, choose_packing, form_groups
from .induction import Induction, find_induction
from .memory import MemAccess, classify_accesses, max_safe_vf
from .phis import HeaderPhis, classify_phis
from .structure import Decline, Loop, make_lcssa


@dataclass
class LoopPlan:
    loop: Loop
    induction: Induction
    phis: HeaderPhis
    accesses: list[MemAccess]
    max_vf: int | None  # from the dependences (None: no limit)
    exit_phis: list[Phi]  # exit-block phis taking a value from the loop
    widest_bits: int  # the widest element the vector body computes with
    groups: list[Group] = field(default_factory=list)  # interleave groups (groups.py)
    addresses: frozenset[int] = frozenset()  # ids of instructions only addresses use (lane 0 only)
    index32: bool = False  # gathers keep 32-bit index vectors (LoopOptions.index32)
    register_bits: int = 0  # the target's vector register (0: not known; structorder.py)

    @property
    def requires_scalar_epilogue(self) -> bool:
        """A load group with a gap at its end: the last iteration stays scalar."""
        return any(g.requires_epilogue for g in self.groups)


def intrinsic_base(callee: str) -> str:
    return intrinsic_base_name(callee)


def analyze(loop: Loop) -> LoopPlan:
    """Check ``loop`` (of a copy of the function: LCSSA phis may be added to its exit) and
    describe it, or raise Decline."""
    ind = find_induction(loop)
    users: dict[int, list[Instruction]] = {}
    for inst in loop.body:
        for op in inst.operands:
            users.setdefault(id(op), []).append(inst)
    widest = 0
    addresses = _address_only(loop, users)
    for inst in loop.body:
        _check_instruction(loop, inst, ind)
        if id(inst) in addresses:
            continue  # computed once per vector iteration, for lane 0: not a lane width
        t = inst.type.scalar if inst.type.is_vector else inst.type
        if isinstance(inst, Store):
            t = inst.operands[0].type
        if isinstance(t, IntType | FloatType) and t.bits > 1 and inst is not ind.phi and inst is not ind.next:
            widest = max(widest, t.bits)
    phis = classify_phis(loop, ind, users)
    for rec in phis.recurrences:
        if _depends_on(rec.previous, rec.phi, loop):
            raise Decline(f"phi %{rec.phi.name}: its next value depends on it, and it is not a reduction")
    accesses = classify_accesses(loop, ind)
    groups = form_groups(accesses)
    choose_packing(groups, users)
    limit = max_safe_vf(accesses)
    if limit is not None and limit < 2:
        raise Decline("a loop-carried dependence at distance 1")
    exit_phis = make_lcssa(loop)
    for p in exit_phis:
        _check_live_out(loop, p, ind, phis)
    return LoopPlan(loop, ind, phis, accesses, limit, exit_phis, max(widest, 8), groups, frozenset(addresses))


def _address_only(loop: Loop, users: dict[int, list[Instruction]]) -> set[int]:
    """Instructions (not phis) whose every user in the loop is an address: a
    getelementptr or another such instruction (clang's ``shl %i, 2`` of a stride)."""
    out: set[int] = set()
    for inst in reversed(loop.body):
        us = users.get(id(inst), [])
        if not isinstance(inst, Phi | Load | Store) and us and \
                all(isinstance(u, GetElementPtr) or id(u) in out for u in us):
            out.add(id(inst))
    return out


def _check_instruction(loop: Loop, inst: Instruction, ind: Induction) -> None:
    name = f"%{inst.name}" if inst.name else inst.opcode
    if inst.type.is_vector or any(op.type.is_vector for op in inst.operands):
        raise Decline(f"{name}: vector values in the loop")
    if isinstance(inst, Phi | Load | Store | BinOp | FNeg | ICmp | FCmp | Select | Freeze):
        return
    if isinstance(inst, Cast):
        if inst.op in ("ptrtoint", "inttoptr") or isinstance(inst.type, PtrType):
            raise Decline(f"{name}: {inst.op}")
        return
    if isinstance(inst, GetElementPtr):
        return  # an address; used as data, codegen declines
    if isinstance(inst, Call):
        if intrinsic_base(inst.callee) in WIDENABLE:
            return
        raise Decline(f"a call of @{inst.callee}")
    raise Decline(f"{name}: {inst.opcode} in the loop")


def _depends_on(v: Instruction, target: Instruction, loop: Loop) -> bool:
    seen: set[int] = set()
    stack = [v]
    while stack:
        x = stack.pop()
        if x is target:
            return True
        if id(x) in seen or isinstance(x, Phi):
            continue
        seen.add(id(x))
        stack += [op for op in x.operands if isinstance(op, Instruction) and loop.contains(op)]
    return False


def _check_live_out(loop: Loop, phi: Phi, ind: Induction, phis: HeaderPhis) -> None:
    for v, b in zip(phi.operands, phi.blocks, strict=True):
        if b != loop.header.name or not loop.contains(v):
            continue
        for red in phis.reductions:
            if v is red.phi or any(v is link for link in red.chain[:-1]):
                raise Decline(f"%{v.name}: a partial reduction is used after the loop")
        if isinstance(v, GetElementPtr) or isinstance(v.type, PtrType):
            raise Decline(f"%{v.name}: a pointer is used after the loop")
        if isinstance(v, Phi) and v is not ind.phi and not any(v is r.phi for r in phis.recurrences):
            raise Decline(f"%{v.name} is used after the loop")
