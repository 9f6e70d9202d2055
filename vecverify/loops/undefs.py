"""Which values of a function may be undef, in the checker's semantics.

An undef value enters an execution in three ways only (vecverify.semantics): an
``undef`` constant (or a constant aggregate holding one), an argument that is not
``noundef``, and the padding bytes of a stored aggregate. Memory starts without undef
(an argument's block holds defined or poison bytes, a global constant's its
initializer, an alloca's poison), so a load is undef only where a write put undef
there. Every other instruction's result depends on its operands alone, and is undef
only where one of them is (``freeze`` never is).

So a value may be undef only if it is such a source or is computed from a value that
may be undef; a load (any instruction reading memory) where some write may have put
undef in memory: a store of a value that may be undef, or to an address that may be,
an aggregate's store, a call with an operand that may be undef (an intrinsic writing
memory), or one that is not an intrinsic (its writes are unknown). The
least fixed point of these rules over the function is an over-approximation: a value
it does not mark is never undef in any execution.

A loop witness's state stands for the values of the vector loop's phis: where none of
their incoming values may be undef, the state ranges over defined or poison lanes only
(``Side.state(undef=False)``), and the obligations have no undef choices to quantify
(the source's choices are universally quantified: each made the queries of a loop-fold
program's witness take seconds, some time out).
"""

from __future__ import annotations

from ..ir.function import Function
from ..ir.types import ArrayType, StructType
from ..ir.values import (
    Argument,
    Call,
    ConstArray,
    ConstStruct,
    ConstUndef,
    ConstVector,
    Freeze,
    Instruction,
    Load,
    Store,
    Value,
)


def _constant_undef(v: Value) -> bool:
    if isinstance(v, ConstUndef):
        return True
    if isinstance(v, ConstVector | ConstArray | ConstStruct):
        return any(_constant_undef(e) for e in v.elems)
    return False


def _unknown_call(inst: Instruction) -> bool:
    return isinstance(inst, Call) and not inst.callee.startswith("llvm.")


def _reads_memory(inst: Instruction) -> bool:
    return isinstance(inst, Load) or isinstance(inst, Call)


class UndefValues:
    """The values of ``fn`` that may be undef (``may_be_undef``); ``undef_args``: whether
    arguments that are not ``noundef`` may be undef (the check's undef inputs)."""

    def __init__(self, fn: Function, undef_args: bool = True) -> None:
        self.fn = fn
        self.undef_args = undef_args
        self._marked: set[int] = set()
        self.memory = False  # whether some write may put undef in memory
        self._solve()

    def may_be_undef(self, v: Value) -> bool:
        if isinstance(v, Instruction):
            return id(v) in self._marked
        if isinstance(v, Argument):
            return self.undef_args and not v.attrs.noundef
        return _constant_undef(v)

    def _solve(self) -> None:
        insts = list(self.fn.instructions())
        changed = True
        while changed:
            changed = False
            for inst in insts:
                if not self.memory and self._puts_undef_in_memory(inst):
                    self.memory = changed = True
                if id(inst) in self._marked or isinstance(inst, Freeze):
                    continue
                if any(self.may_be_undef(op) for op in inst.operands) or _unknown_call(inst) \
                        or self.memory and _reads_memory(inst):
                    self._marked.add(id(inst))
                    changed = True

    def _puts_undef_in_memory(self, inst: Instruction) -> bool:
        """A store of a value, or to an address, that may be undef; an aggregate's store
        (its padding); any call with an operand that may be undef (an intrinsic that
        writes memory: its value, address or length) or not an intrinsic at all."""
        if isinstance(inst, Store):
            return isinstance(inst.operands[0].type, StructType | ArrayType) \
                or any(self.may_be_undef(op) for op in inst.operands)
        return isinstance(inst, Call) and (_unknown_call(inst) or any(self.may_be_undef(op) for op in inst.operands))
