"""The canonical induction and the trip count.

The loop must count one integer phi up by one, ``%iv.next = add %iv, 1``, from a
loop-invariant start, and leave when a compare of ``%iv.next`` with a loop-invariant bound
says so. Normalized, the loop goes on while ``pred(%iv.next, %bound)`` holds, for
``pred`` one of ``ne`` (clang's ``icmp eq`` exit test), ``ult`` or ``slt`` (``samesign``
included: it only adds poison the source has too).

The trip count ``tc`` (iterations the loop body runs, counted from the start) is then
``bound - start`` for ``ne``, ``umax(bound, start) - start`` for ``ult`` and
``smax(bound, start) - start`` for ``slt``, exactly when ``tc >= 1``; a loop that runs
2^w times (``ne`` with ``bound == start``) has ``tc = 0``, and so do the ``ult``/``slt``
loops that run once: the vectorizer then takes the scalar loop. The witness proof does
not trust this formula: it checks that no exit test in the iterations the vector loop
covers would have left the loop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from vecverify.ir.types import IntType
from vecverify.ir.values import BinOp, Call, ConstInt, ICmp, Instruction, Phi, Value

from .structure import Decline, Loop

_SWAP = {"eq": "eq", "ne": "ne", "ult": "ugt", "ugt": "ult", "ule": "uge", "uge": "ule",
         "slt": "sgt", "sgt": "slt", "sle": "sge", "sge": "sle"}
_NEGATE = {"eq": "ne", "ne": "eq", "ult": "uge", "uge": "ult", "ugt": "ule", "ule": "ugt",
           "slt": "sge", "sge": "slt", "sgt": "sle", "sle": "sgt"}


# An instruction sink: appends the instruction somewhere and returns it.
Emit = Callable[[Instruction], Instruction]


@dataclass
class Induction:
    phi: Phi
    start: Value  # loop-invariant
    next: BinOp  # add %iv, 1
    compare: ICmp  # the latch's exit test
    bound: Value  # loop-invariant
    pred: str  # the loop goes on while pred(%iv.next, bound): ne, ult or slt

    @property
    def type(self) -> IntType:
        assert isinstance(self.phi.type, IntType)
        return self.phi.type


def incoming(phi: Phi, block: str) -> Value:
    for v, b in zip(phi.operands, phi.blocks, strict=True):
        if b == block:
            return v
    raise KeyError(block)


def find_induction(loop: Loop) -> Induction:
    cond = loop.branch.operands[0]
    if not (isinstance(cond, ICmp) and loop.contains(cond)):
        raise Decline("the exit test is not an integer compare in the loop")
    a, b = cond.operands
    pred = cond.pred
    if loop.contains(b) and not loop.contains(a):
        a, b, pred = b, a, _SWAP[pred]
    if not loop.is_invariant(b):
        raise Decline("the exit test does not compare against a loop-invariant bound")
    if not loop.continues_when_true():
        pred = _NEGATE[pred]
    if pred not in ("ne", "ult", "slt"):
        raise Decline(f"the loop goes on while `icmp {pred}`: not a count up to a bound")
    step = a
    if not (isinstance(step, BinOp) and step.op == "add" and loop.contains(step)):
        raise Decline("the exit test does not compare the induction's next value")
    x, one = step.operands
    if isinstance(x, ConstInt):
        x, one = one, x
    if not (isinstance(one, ConstInt) and one.value == 1 and isinstance(x, Phi) and loop.contains(x)):
        raise Decline("the induction does not step by 1")
    phi = x
    if incoming(phi, loop.header.name) is not step:
        raise Decline("the exit test's value is not the induction's back-edge value")
    return Induction(phi, incoming(phi, loop.preheader.name), step, cond, b, pred)


def trip_count(ind: Induction, emit: Emit) -> Value:
    """Emit the trip count arithmetic (see the module docstring); ``emit`` appends an
    instruction and returns it."""
    t = ind.type
    start, bound = ind.start, ind.bound
    zero_start = isinstance(start, ConstInt) and start.value == 0
    if ind.pred == "ne":
        top = bound
    else:
        if zero_start and ind.pred == "ult":
            return bound
        fn = "umax" if ind.pred == "ult" else "smax"
        top = emit(Call(t, f"{fn}.bound", [bound, start], callee=f"llvm.{fn}.{t}"))
    if zero_start:
        return top
    return emit(BinOp(t, "tc", [top, start], op="sub"))
