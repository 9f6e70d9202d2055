"""The header phis besides the induction: reductions and first-order recurrences.

A **reduction** (LLVM's RecurrenceDescriptor) is a phi whose only use in the loop starts
a chain of one associative, commutative operation, each link used only by the next,
whose last link is the phi's back-edge value (and may be used after the loop): integer
``add mul and or xor`` and ``llvm.{s,u}{min,max}``; floating-point ``fadd``/``fmul``
whose every link carries ``reassoc``, and ``llvm.minnum/maxnum`` whose every link carries
``nnan nsz`` (``REORDERING_FLAGS``). An ``llvm.fmuladd`` whose addend is the accumulator
is an ``fadd`` link whose leaf is a product, fused or not (clang's ``s += a[i] * b[i]``
under ``#pragma clang fp reassociate(on)``; ``folds.py`` compares its product's operands).
Other floating-point chains are declined: their scalar order is their meaning, and an
in-order vector reduction is not modelled.

A **first-order recurrence** (seed 003) is any other phi whose back-edge value
(``previous``) is defined in the loop: in iteration i the phi holds ``previous`` of
iteration i-1. Its users must come after ``previous``; pure users that do not are
computed after it in the vector body (LLVM's sinking; see ``codegen``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeGuard

from vecverify.ir.types import FloatType, IntType
from vecverify.ir.values import BinOp, Call, Instruction, Phi, Value

from .induction import Induction, incoming
from .structure import Decline, Loop

INT_BINOPS = ("add", "mul", "and", "or", "xor")
INT_MINMAX = ("smin", "smax", "umin", "umax")
FP_MINMAX = {"minnum": "fmin", "maxnum": "fmax"}
# The fast-math flags every link of a floating-point reduction needs for its order to
# change: reassoc licenses reassociation (LangRef); minnum/maxnum are associative and
# commutative once NaNs are poison (nnan) and the sign of a zero is free (nsz).
REORDERING_FLAGS = {"fadd": frozenset({"reassoc"}), "fmul": frozenset({"reassoc"}),
                    "fmin": frozenset({"nnan", "nsz"}), "fmax": frozenset({"nnan", "nsz"})}


@dataclass
class Reduction:
    phi: Phi
    init: Value
    kind: str  # add mul and or xor smin smax umin umax fmin fmax
    chain: list[Instruction]  # phi -> chain[0] -> ... -> chain[-1] (the back-edge value)
    flags: frozenset[str] = field(default_factory=frozenset)  # fast-math flags common to the chain

    @property
    def result(self) -> Instruction:
        return self.chain[-1]


@dataclass
class Recurrence:
    phi: Phi
    init: Value
    previous: Instruction  # the back-edge value, defined in the loop


@dataclass
class HeaderPhis:
    induction: Induction
    reductions: list[Reduction]
    recurrences: list[Recurrence]


def classify_phis(loop: Loop, ind: Induction, users: dict[int, list[Instruction]]) -> HeaderPhis:
    """``users``: every instruction's users in the loop, by id."""
    reductions: list[Reduction] = []
    recurrences: list[Recurrence] = []
    for phi in loop.phis:
        if phi is ind.phi:
            continue
        t = phi.type
        if not isinstance(t, IntType | FloatType) or (isinstance(t, IntType) and t.bits not in (8, 16, 32, 64)):
            raise Decline(f"phi %{phi.name} of type {t}")
        init = incoming(phi, loop.preheader.name)
        back = incoming(phi, loop.header.name)
        if not loop.contains(back) or isinstance(back, Phi):
            raise Decline(f"phi %{phi.name}: its back-edge value is not computed in the loop")
        assert isinstance(back, Instruction)
        red = _reduction(loop, phi, init, back, users)
        if red is not None:
            reductions.append(red)
        else:
            recurrences.append(Recurrence(phi, init, back))
    return HeaderPhis(ind, reductions, recurrences)


def reduction_kind(inst: Instruction) -> tuple[str, frozenset[str]] | None:
    """The reduction an instruction can be a link of, and its flags."""
    if isinstance(inst, BinOp) and isinstance(inst.type, IntType) and inst.op in INT_BINOPS:
        return inst.op, inst.flags
    if isinstance(inst, Call) and inst.callee.startswith("llvm.") and len(inst.operands) == 2:
        base = inst.callee.split(".")[1]
        if base in INT_MINMAX and isinstance(inst.type, IntType):
            return base, frozenset()
        if base in FP_MINMAX and isinstance(inst.type, FloatType):
            return FP_MINMAX[base], inst.flags
    if isinstance(inst, BinOp) and inst.op in ("fadd", "fmul"):
        return inst.op, inst.flags
    if is_fmuladd(inst):
        return "fadd", inst.flags
    return None


def is_fmuladd(inst: Value) -> TypeGuard[Call]:
    """Whether ``inst`` is a scalar or vector ``llvm.fmuladd`` (a*b + c, fused or not)."""
    return isinstance(inst, Call) and inst.callee.startswith("llvm.fmuladd.") and len(inst.operands) == 3


def link_accumulator_ok(link: Instruction, acc: Value) -> bool:
    """Whether ``acc`` is where ``link`` takes the accumulator: once, and for
    ``llvm.fmuladd`` as the addend (a factor is not folded in)."""
    if is_fmuladd(link):
        return link.operands[2] is acc and all(op is not acc for op in link.operands[:2])
    return sum(1 for op in link.operands if op is acc) == 1


def _reduction(loop: Loop, phi: Phi, init: Value, back: Instruction,
               users: dict[int, list[Instruction]]) -> Reduction | None:
    chain: list[Instruction] = []
    cur: Instruction = phi
    kind: str | None = None
    flags: frozenset[str] | None = None
    while cur is not back:
        us = users.get(id(cur), [])
        if len(us) != 1:
            return None
        nxt = us[0]
        k = reduction_kind(nxt)
        if k is None or (kind is not None and k[0] != kind) or isinstance(nxt, Phi):
            return None
        if not link_accumulator_ok(nxt, cur):
            return None  # x op x, or an fmuladd factor: not a link
        kind = k[0]
        flags = k[1] if flags is None else flags & k[1]
        chain.append(nxt)
        cur = nxt
    if not chain or kind is None or flags is None:
        return None
    # The last link feeds only the phi inside the loop.
    if any(u is not phi for u in users.get(id(back), [])):
        return None
    missing = REORDERING_FLAGS.get(kind, frozenset()) - flags
    if missing:
        # Without these flags the scalar order is the meaning: a vector of partial folds
        # computes another value (an in-order reduction is not modelled).
        raise Decline(f"phi %{phi.name}: {kind} reduction without {' '.join(sorted(missing))} "
                      "(its order cannot change)")
    return Reduction(phi, init, kind, chain, flags if kind in REORDERING_FLAGS else frozenset())
