"""The IR emitter: vector instructions appended in definition order, for any vectorizer.

Flags: a vector operation keeps a flag only when every lane it computes for has it
(dropping a flag only removes poison, so the intersection is a refinement of each lane).
Lanes that are computed and then discarded by a blend do not constrain the flags (flags
make poison, never UB, and a discarded lane's poison goes nowhere): callers pass only the
flag sets of the lanes they keep.
"""

from __future__ import annotations

from functools import reduce

from vecverify.ir.types import IntType, VectorType
from vecverify.ir.values import (
    BinOp,
    Constant,
    ConstInt,
    ConstPoison,
    ConstVector,
    InsertElement,
    Instruction,
    Load,
    ShuffleVector,
    Value,
)

I32 = IntType(32)
I1 = IntType(1)


def common_flags(flag_sets: list[frozenset[str]]) -> frozenset[str]:
    """The flags every lane has (none when there are no lanes)."""
    return reduce(lambda a, b: a & b, flag_sets) if flag_sets else frozenset()


class Emitter:
    """Appends vector code to ``out``; each method returns the vector it made."""

    def __init__(self) -> None:
        self.out: list[Instruction] = []

    def add(self, inst: Instruction) -> Instruction:
        self.out.append(inst)
        return inst

    def splat(self, scalar: Value, vt: VectorType) -> Value:
        """``scalar`` in every lane: insertelement into lane 0, then a zero-mask shuffle."""
        one_t = VectorType(1, vt.elem)
        one = self.add(InsertElement(one_t, None, [ConstPoison(one_t), scalar, ConstInt(I32, 0)]))
        return self.shuffle(one, ConstPoison(one_t), (0,) * vt.count, vt)

    def gather(self, values: list[Value], vt: VectorType) -> Value:
        """insertelement per non-constant lane, into a vector of the constant lanes."""
        consts = [v if isinstance(v, Constant) else ConstPoison(v.type) for v in values]
        acc: Value = ConstVector(vt, tuple(consts)) if any(isinstance(v, Constant) for v in values) else ConstPoison(vt)
        for i, v in enumerate(values):
            if not isinstance(v, Constant):
                acc = self.add(InsertElement(vt, None, [acc, v, ConstInt(I32, i)]))
        return acc

    def load(self, pointer: Value, vt: VectorType, align: int) -> Value:
        return self.add(Load(vt, None, [pointer], align=align))

    def shuffle(self, a: Value, b: Value, mask: tuple[int, ...], vt: VectorType) -> Value:
        return self.add(ShuffleVector(vt, None, [a, b], mask=mask))

    def permute(self, vec: Value, order: tuple[int, ...] | list[int], vt: VectorType) -> Value:
        """Lane ``i`` of the result is lane ``order[i]`` of ``vec``."""
        return self.shuffle(vec, ConstPoison(vt), tuple(order), vt)

    def binop(self, op: str, vt: VectorType, operands: list[Value], flags: frozenset[str]) -> Value:
        return self.add(BinOp(vt, None, list(operands), op=op, flags=flags))
