"""vectorizeTree: the vector instructions for a tree, in definition order.

Flags: a vector operation keeps a flag only when every lane it computes for has it
(dropping a flag only removes poison, so the intersection is a refinement of each
lane). Copy lanes and the other opcode's lanes of an alternate pair are computed and
then discarded by the blend: they do not constrain the flags (flags make poison, never
UB, and a discarded lane's poison goes nowhere).
"""

from __future__ import annotations

from functools import reduce

from vecverify.ir.types import IntType, VectorType
from vecverify.ir.values import (
    BinOp,
    Cast,
    Constant,
    ConstInt,
    ConstPoison,
    ConstVector,
    FCmp,
    FNeg,
    ICmp,
    InsertElement,
    Instruction,
    Load,
    Select,
    ShuffleVector,
    Value,
)

from .tree import Node

I32 = IntType(32)
I1 = IntType(1)


def _common_flags(flag_sets: list[frozenset[str]]) -> frozenset[str]:
    return reduce(lambda a, b: a & b, flag_sets) if flag_sets else frozenset()


class Emitter:
    """Appends the vector code of a tree to ``out``; ``emit`` returns the node's vector."""

    def __init__(self) -> None:
        self.out: list[Instruction] = []
        self.vectors: dict[int, Value] = {}  # id(node) -> its vector


    def _add(self, inst: Instruction) -> Instruction:
        self.out.append(inst)
        return inst

    def emit(self, node: Node) -> Value:
        if id(node) in self.vectors:
            return self.vectors[id(node)]
        vec = self._emit(node)
        self.vectors[id(node)] = vec
        return vec

    def _emit(self, node: Node) -> Value:
        vt = node.vector_type
        kind = node.kind
        if kind == "const":
            return ConstVector(vt, tuple(v for v in node.scalars if isinstance(v, Constant)))
        if kind == "splat":
            one = self._add(InsertElement(VectorType(1, node.scalar_type), None,  # type: ignore[arg-type]
                                          [ConstPoison(VectorType(1, node.scalar_type)), node.scalars[0],  # type: ignore[arg-type]
                                           ConstInt(I32, 0)]))
            return self._add(ShuffleVector(vt, None, [one, ConstPoison(one.type)], mask=(0,) * node.lanes))
        if kind == "gather":
            for v in node.materialize:  # a rule's new scalar instruction, needed as a lane
                self._add(v)
            return self.gather(node.scalars, vt)
        if kind == "load":
            return self._load(node)
        kids = [self.emit(c) for c in node.children]
        if kind in ("op", "alt"):
            return self._binop(node, kids)
        first = node.scalars[0]
        assert isinstance(first, Instruction)
        flags = _common_flags([getattr(v, "flags", frozenset()) for v in node.scalars])
        if kind == "cast":
            assert isinstance(first, Cast)
            return self._add(Cast(VectorType(node.lanes, first.type), None, kids, op=first.op, flags=flags))  # type: ignore[arg-type]
        if kind == "cmp":
            cls = ICmp if isinstance(first, ICmp) else FCmp
            return self._add(cls(VectorType(node.lanes, I1), None, kids, pred=first.pred, flags=flags))  # type: ignore[attr-defined]
        if kind == "select":
            return self._add(Select(vt, None, kids, flags=flags))
        if kind == "fneg":
            return self._add(FNeg(vt, None, kids, flags=flags))
        raise AssertionError(kind)

    def gather(self, values: list[Value], vt: VectorType) -> Value:
        """insertelement per non-constant lane, into a vector of the constant lanes."""
        consts = [v if isinstance(v, Constant) else ConstPoison(v.type) for v in values]
        acc: Value = ConstVector(vt, tuple(consts)) if any(isinstance(v, Constant) for v in values) else ConstPoison(vt)
        for i, v in enumerate(values):
            if not isinstance(v, Constant):
                acc = self._add(InsertElement(vt, None, [acc, v, ConstInt(I32, i)]))
        return acc

    def _load(self, node: Node) -> Value:
        loads = [v for v in node.scalars if isinstance(v, Load)]
        order = node.order or list(range(node.lanes))
        lowest = loads[order.index(0)] if not node.fill else node.scalars[0]
        assert isinstance(lowest, Load)
        vec = self._add(Load(node.vector_type, None, [lowest.operands[0]], align=lowest.align))
        if node.fill:
            n = node.lanes
            consts = tuple(node.fill.get(i, ConstPoison(node.scalar_type)) for i in range(n))
            mask = tuple(n + i if i in node.fill else i for i in range(n))
            return self._add(ShuffleVector(node.vector_type, None, [vec, ConstVector(node.vector_type, consts)],
                                           mask=mask))
        if node.order is None:
            return vec
        return self._add(ShuffleVector(node.vector_type, None, [vec, ConstPoison(node.vector_type)],
                                       mask=tuple(node.order)))

    def _binop(self, node: Node, kids: list[Value]) -> Value:
        assert node.plan is not None
        forms, vt, n = node.plan.forms, node.vector_type, node.lanes
        results: list[Value] = []
        for op in node.plan.ops:
            flags = _common_flags([f.flags for f in forms if f.op == op and not f.copy])
            results.append(self._add(BinOp(vt, None, list(kids), op=op, flags=flags)))
        if node.kind == "alt":
            first = node.plan.ops[0]
            mask = tuple(i if f.op == first else n + i for i, f in enumerate(forms))
            return self._add(ShuffleVector(vt, None, results, mask=mask))
        if any(f.copy for f in forms):
            mask = tuple(n + i if f.copy else i for i, f in enumerate(forms))
            return self._add(ShuffleVector(vt, None, [results[0], kids[0]], mask=mask))
        return results[0]
