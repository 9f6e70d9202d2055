"""buildTree: from a seed bundle along use-def chains to a tree of vectorizable nodes.

Each node is a bundle (one scalar per lane) and how its vector is made: a vector
operation over child bundles (isomorphic lanes, or lanes SLP-M made isomorphic), two
operations blended (alternate opcodes), a load of consecutive memory (possibly
permuted), a constant vector, a broadcast, or a *gather* (insertelement per lane) where
the lanes cannot be vectorized. The checks are LLVM's: same type, same block, every
lane an instruction of that block, not already vectorized in this tree, and loads that
can move to the insertion point (see ``schedule.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from transforms.vectorize.address import access_of
from vecverify.ir.types import Type, VectorType
from vecverify.ir.values import (
    BinOp,
    Call,
    Cast,
    Constant,
    ConstFloat,
    FCmp,
    FNeg,
    ICmp,
    Instruction,
    Load,
    Select,
    Value,
)

from .isomorph import BundlePlan, Isomorphizer, LaneForm, fma_call


@dataclass(eq=False)
class Node:
    kind: str  # op | alt | load | const | splat | gather | cast | cmp | select | fneg
    scalars: list[Value]  # the original value of each lane
    children: list[Node] = field(default_factory=list)
    plan: BundlePlan | None = None  # op/alt: the lanes' forms
    order: list[int] | None = None  # load: lane i reads element order[i] of the vector load
    fill: dict[int, Constant] = field(default_factory=dict)  # load: constant lanes blended in
    # gather: lanes that are new instructions of a rule (not in the function): emitted first
    materialize: list[Instruction] = field(default_factory=list)
    # scalar instructions this node replaces (deleted when nothing else uses them)
    replaced: list[Instruction] = field(default_factory=list)

    @property
    def lanes(self) -> int:
        return len(self.scalars)

    @property
    def scalar_type(self) -> Type:
        return self.scalars[0].type

    @property
    def vector_type(self) -> VectorType:
        return VectorType(self.lanes, self.scalar_type)  # type: ignore[arg-type]

    def walk(self) -> list[Node]:
        """Every node once (a reused node is shared by several parents)."""
        out: list[Node] = []
        seen: set[int] = set()
        stack = [self]
        while stack:
            n = stack.pop()
            if id(n) not in seen:
                seen.add(id(n))
                out.append(n)
                stack.extend(reversed(n.children))
        return out

    def describe(self, indent: int = 0) -> str:
        what = self.kind
        if self.plan is not None:
            what += " " + "/".join(self.plan.ops)
            if self.plan.rules:
                what += " [" + ", ".join(sorted(set(self.plan.rules))) + "]"
        lines = ["  " * indent + f"{what} x{self.lanes}"]
        for c in self.children:
            lines.append(c.describe(indent + 1))
        return "\n".join(lines)


@dataclass
class TreeBuilder:
    block_insts: set[int]  # ids of the instructions of the seed's block
    iso: Isomorphizer
    max_depth: int = 20
    in_tree: set[int] = field(default_factory=set)
    built: dict[tuple[int, ...], Node] = field(default_factory=dict)
    virtual: set[int] = field(default_factory=set)  # ids of the rules' new instructions

    def build(self, bundle: list[Value], depth: int = 0) -> Node:
        """The node for ``bundle``; a bundle met again is the same node (its vector is
        computed once and used twice, as LLVM's SLP reuses a tree entry)."""
        key = tuple(id(v) for v in bundle)
        if key in self.built:
            return self.built[key]
        node = self._build_new(bundle, depth)
        if node.kind == "gather":
            node.materialize = [v for v in bundle if isinstance(v, Instruction) and id(v) in self.virtual]
        if node.kind not in ("const", "gather", "splat"):
            self.built[key] = node
        return node

    def _build_new(self, bundle: list[Value], depth: int) -> Node:
        t = bundle[0].type
        if any(v.type != t for v in bundle):
            return Node("gather", bundle)
        if all(isinstance(v, Constant) for v in bundle):
            return Node("const", bundle)
        if all(v is bundle[0] for v in bundle):
            return Node("splat", bundle)
        if depth >= self.max_depth or not self._vectorizable_lanes(bundle):
            return Node("gather", bundle)
        node = self._build(bundle, depth)
        if node.kind != "gather":
            self.in_tree.update(id(v) for v in node.replaced)
        return node

    def _vectorizable_lanes(self, bundle: list[Value]) -> bool:
        """Lanes that are instructions of the block, each once, none already in the tree
        (SLP-M may mix in plain values: those become extension or copy lanes)."""
        insts = [v for v in bundle if isinstance(v, Instruction)]
        if not insts:
            return False
        ids = [id(v) for v in insts]
        if len(set(ids)) != len(ids):
            return False
        return all((id(v) in self.block_insts or id(v) in self.virtual) and id(v) not in self.in_tree for v in insts)

    def _build(self, bundle: list[Value], depth: int) -> Node:
        first = bundle[0]
        same_kind = all(type(v) is type(first) for v in bundle)
        if same_kind and isinstance(first, Load):
            return self._loads(bundle)
        if all(isinstance(v, Load | Constant) for v in bundle):
            return self._loads_with_constants(bundle)
        # Flags may differ between lanes: the vector cast keeps the common ones (codegen).
        if same_kind and isinstance(first, Cast) and all(
                isinstance(v, Cast) and v.op == first.op and v.operands[0].type == first.operands[0].type
                for v in bundle):
            return self._with_children("cast", bundle, depth)
        if same_kind and isinstance(first, ICmp | FCmp) and all(
                getattr(v, "pred", None) == first.pred and v.operands[0].type == first.operands[0].type  # type: ignore[attr-defined]
                for v in bundle):
            return self._with_children("cmp", bundle, depth)
        if same_kind and isinstance(first, Select) and all(
                isinstance(v, Select) and v.operands[0].type == first.operands[0].type for v in bundle):
            if isinstance(first.operands[0].type, VectorType):
                return Node("gather", bundle)
            return self._with_children("select", bundle, depth)
        if same_kind and isinstance(first, FNeg):
            return self._with_children("fneg", bundle, depth)
        if any(isinstance(v, BinOp) or fma_call(v) is not None for v in bundle):
            plan = self.iso.plan(bundle)
            if plan is not None:
                return self._from_plan(bundle, plan, depth)
        return Node("gather", bundle)

    def _with_children(self, kind: str, bundle: list[Value], depth: int) -> Node:
        insts = [v for v in bundle if isinstance(v, Instruction)]
        node = Node(kind, bundle, replaced=insts)
        self.in_tree.update(id(v) for v in insts)
        nops = len(insts[0].operands)
        node.children = [self.build([v.operands[k] for v in insts], depth + 1) for k in range(nops)]
        return node

    def _from_plan(self, bundle: list[Value], plan: BundlePlan, depth: int) -> Node:
        # A lane whose form uses it as an operand (extension, copy) is not replaced.
        replaced: list[Instruction] = [v for v, f in zip(bundle, plan.forms, strict=True)
                                       if isinstance(v, BinOp | Call) and (isinstance(v, BinOp) or fma_call(v))
                                       and not _keeps(v, f)]
        node = Node(plan.kind, bundle, plan=plan, replaced=replaced)
        self.in_tree.update(id(v) for v in replaced)
        self.virtual.update(id(v) for f in plan.forms for v in f.virtual)
        # A multiply-add blended with fmul lanes: the fmul lanes' addend is never used
        # (the blend discards that lane of the vector call), so it is a zero.
        arity = max(len(f.operands) for f in plan.forms)
        node.children = [self.build([f.operands[k] if k < len(f.operands) else _zero(f.operands[0].type)
                                     for f in plan.forms], depth + 1) for k in range(arity)]
        return node

    def _loads(self, bundle: list[Value]) -> Node:
        loads = [v for v in bundle if isinstance(v, Load)]
        accesses = [access_of(v) for v in loads]
        if any(a is None for a in accesses) or len({v.type for v in loads}) != 1:
            return Node("gather", bundle)
        first = accesses[0]
        assert first is not None
        size = first.size
        positions = []
        for a in accesses:
            assert a is not None
            d = first.address.distance(a.address)
            if d is None or d % size:
                return Node("gather", bundle)
            positions.append(d // size)
        low = min(positions)
        order = [p - low for p in positions]
        if sorted(order) != list(range(len(order))):
            return Node("gather", bundle)
        identity = order == list(range(len(order)))
        return Node("load", bundle, order=None if identity else order, replaced=list(loads))

    def _loads_with_constants(self, bundle: list[Value]) -> Node:
        """Loads of consecutive elements with constants in some lanes (an extension lane's
        identity, a copy): one vector load, the constants blended in by a shuffle. The
        first and the last lane must be loads: then every element in between lies in
        the same allocated object, so reading the ones the source does not is safe (their
        values are discarded by the blend)."""
        if not (isinstance(bundle[0], Load) and isinstance(bundle[-1], Load)):
            return Node("gather", bundle)
        loads = [(i, v) for i, v in enumerate(bundle) if isinstance(v, Load)]
        first = access_of(bundle[0])
        if first is None or len(loads) < 2 or len({v.type for _, v in loads}) != 1:
            return Node("gather", bundle)
        for i, v in loads:
            a = access_of(v)
            if a is None or first.address.distance(a.address) != i * first.size:
                return Node("gather", bundle)
        fill = {i: v for i, v in enumerate(bundle) if isinstance(v, Constant)}
        return Node("load", bundle, fill=fill, replaced=[v for _, v in loads])


def _zero(t: Type) -> Constant:
    return ConstFloat(t, 0)  # type: ignore[arg-type]  # only float lanes have an addend


def _keeps(v: Value, f: LaneForm) -> bool:
    return any(op is v for op in f.operands)
