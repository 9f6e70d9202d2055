"""vectorizeTree: the vector instructions for a tree, in definition order, through the
shared emitter (``transforms.vectorize.emit``, which states the flag rule).

Copy lanes and the other opcode's lanes of an alternate pair are computed and then
discarded by the blend: they do not constrain the flags.
"""

from __future__ import annotations

from transforms.vectorize.emit import I1, Emitter, common_flags
from vecverify.ir.types import VectorType
from vecverify.ir.values import (
    Call,
    Cast,
    Constant,
    ConstPoison,
    ConstVector,
    FCmp,
    FNeg,
    ICmp,
    Instruction,
    Load,
    Select,
    Value,
)

from .tree import Node


class TreeEmitter(Emitter):
    """Appends the vector code of a tree to ``out``; ``emit`` returns the node's vector."""

    def __init__(self) -> None:
        super().__init__()
        self.vectors: dict[int, Value] = {}  # id(node) -> its vector

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
            return self.splat(node.scalars[0], vt)
        if kind == "gather":
            for v in node.materialize:  # a rule's new scalar instruction, needed as a lane
                self.add(v)
            return self.gather(node.scalars, vt)
        if kind == "load":
            return self._load(node)
        kids = [self.emit(c) for c in node.children]
        if kind in ("op", "alt"):
            return self._binop(node, kids)
        first = node.scalars[0]
        assert isinstance(first, Instruction)
        flags = common_flags([getattr(v, "flags", frozenset()) for v in node.scalars])
        if kind == "cast":
            assert isinstance(first, Cast)
            return self.add(Cast(VectorType(node.lanes, first.type), None, kids, op=first.op, flags=flags))  # type: ignore[arg-type]
        if kind == "cmp":
            cls = ICmp if isinstance(first, ICmp) else FCmp
            return self.add(cls(VectorType(node.lanes, I1), None, kids, pred=first.pred, flags=flags))  # type: ignore[attr-defined]
        if kind == "select":
            return self.add(Select(vt, None, kids, flags=flags))
        if kind == "fneg":
            return self.add(FNeg(vt, None, kids, flags=flags))
        raise AssertionError(kind)

    def _load(self, node: Node) -> Value:
        loads = [v for v in node.scalars if isinstance(v, Load)]
        order = node.order or list(range(node.lanes))
        lowest = loads[order.index(0)] if not node.fill else node.scalars[0]
        assert isinstance(lowest, Load)
        vec = self.load(lowest.operands[0], node.vector_type, lowest.align)
        if node.fill:
            n = node.lanes
            consts = tuple(node.fill.get(i, ConstPoison(node.scalar_type)) for i in range(n))
            mask = tuple(n + i if i in node.fill else i for i in range(n))
            return self.shuffle(vec, ConstVector(node.vector_type, consts), mask, node.vector_type)
        if node.order is None:
            return vec
        return self.permute(vec, node.order, node.vector_type)

    def _binop(self, node: Node, kids: list[Value]) -> Value:
        assert node.plan is not None
        forms, vt, n = node.plan.forms, node.vector_type, node.lanes
        results: list[Value] = []
        for op in node.plan.ops:
            flags = common_flags([f.flags for f in forms if f.op == op and not f.copy])
            if op.startswith("llvm."):  # a multiply-add: the vector intrinsic, lane-wise
                suffix = f"v{n}f{vt.elem.bits}"
                results.append(self.add(Call(vt, None, list(kids[:3]), callee=f"{op}.{suffix}", flags=flags)))
            else:
                results.append(self.binop(op, vt, list(kids[:2]), flags))
        if node.kind == "alt":
            first = node.plan.ops[0]
            mask = tuple(i if f.op == first else n + i for i, f in enumerate(forms))
            return self.shuffle(results[0], results[1], mask, vt)
        if any(f.copy for f in forms):
            mask = tuple(n + i if f.copy else i for i, f in enumerate(forms))
            return self.shuffle(results[0], kids[0], mask, vt)
        return results[0]
