"""The driver: seeds -> tree -> schedule check -> cost -> vector code, one tree at a time
until no seed is left (seed 000's SLPVectorizer loop, with SLP-M's isomorphizing
buildTree).

For each block: every store chain, then every reduction. The vectorization factor
starts at what one register holds (``register bits / element bits``, no more than the
chain) and is halved until a slice of the chain is profitable; after each vectorized
tree the seeds are found again on the rewritten function.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from transforms.vectorize.address import access_of
from transforms.vectorize.costs import TARGETS, Target
from transforms.vectorize.emit import I32
from transforms.vectorize.estimate import Cost, surviving_dead, value_users
from vecverify.ir.function import Block, Function
from vecverify.ir.types import VOID, IntType, VectorType
from vecverify.ir.values import (
    BinOp,
    Call,
    Cast,
    ConstInt,
    ExtractElement,
    GetElementPtr,
    ICmp,
    Instruction,
    Load,
    Store,
    Value,
    is_terminator,
)

from ..base import TransformOptions
from .codegen import TreeEmitter
from .estimate import tree_cost
from .isomorph import FAMILIES, Isomorphizer
from .schedule import can_schedule
from .seeds import MINMAX, Reduction, gep_index_bundles, reductions, store_chains
from .tree import Node, TreeBuilder


@dataclass
class SLPOptions(TransformOptions):
    target: str = "avx2"
    max_depth: int = 20
    families: tuple[str, ...] = FAMILIES  # SLP-M isomorphizations to use
    reductions: bool = True


@dataclass
class TreeReport:
    """One vectorized tree."""

    function: str
    block: str
    seed: str  # "stores" or "reduction.<op>"
    lanes: int
    elem: str
    cost: Cost
    rules: list[str] = field(default_factory=list)
    tree: str = ""
    max_lanes: int = 0  # the widest this seed could be: one register, or the whole chain

    @property
    def full_width(self) -> bool:
        return self.lanes >= self.max_lanes


MAX_TREES = 256  # per function: each tree removes scalar stores, so this is a safety net


def vectorize_function(fn: Function, options: SLPOptions | None = None) -> tuple[Function | None, list[TreeReport]]:
    """A vectorized copy of ``fn`` (None when no tree was profitable) and what was done."""
    options = options or SLPOptions()
    target = TARGETS[options.target]
    out = copy.deepcopy(fn)
    reports: list[TreeReport] = []
    while len(reports) < MAX_TREES:
        report = _one_tree(out, target, options)
        if report is None:
            break
        reports.append(report)
    return (out if reports else None), reports


def _one_tree(fn: Function, target: Target, options: SLPOptions) -> TreeReport | None:
    for block in fn.blocks:
        for chain in store_chains(block.instructions):
            elem = chain[0].operands[0].type
            vf = _first_vf(len(chain), target.max_lanes(elem))
            while vf >= 2:
                for k in range(0, len(chain) - vf + 1, vf):
                    report = _try_stores(fn, block, chain[k:k + vf], target, options)
                    if report is not None:
                        report.max_lanes = min(target.max_lanes(elem), len(chain))
                        return report
                vf //= 2
        if options.reductions:
            users = value_users(fn.instructions())
            for red in reductions(block.instructions, users):
                vf = _first_vf(len(red.leaves), target.max_lanes(red.root.type))
                while vf >= 4:
                    report = _try_reduction(fn, block, red, vf, target, options)
                    if report is not None:
                        report.max_lanes = _first_vf(len(red.leaves), target.max_lanes(red.root.type))
                        return report
                    vf //= 2
        for bundle in gep_index_bundles(block.instructions):
            vf = _first_vf(len(bundle), target.max_lanes(bundle[0].type))
            while vf >= 2:
                for k in range(0, len(bundle) - vf + 1, vf):
                    report = _try_list(fn, block, bundle[k:k + vf], target, options)
                    if report is not None:
                        report.max_lanes = _first_vf(len(bundle), target.max_lanes(bundle[0].type))
                        return report
                vf //= 2
    return None


def _first_vf(n: int, max_lanes: int) -> int:
    vf = 1
    while vf * 2 <= min(n, max_lanes):
        vf *= 2
    return vf


def _builder(block: Block, options: SLPOptions) -> TreeBuilder:
    iso = Isomorphizer(options.max_depth, frozenset(options.families))
    return TreeBuilder({id(i) for i in block.instructions}, iso, options.max_depth)


def _tree_loads(root: Node) -> list[Load]:
    return [v for n in root.walk() if n.kind == "load" for v in n.scalars if isinstance(v, Load)]


def _dying(root: Node, extra: list[Instruction]) -> set[int]:
    """The tree's scalars, and the address computations of its loads and stores: each is
    deleted if nothing else uses it."""
    insts = [i for n in root.walk() for i in n.replaced] + extra
    out = {id(i) for i in insts}
    for i in insts:
        ptr = i.operands[0] if isinstance(i, Load) else i.operands[1] if isinstance(i, Store) else None
        while isinstance(ptr, GetElementPtr):
            out.add(id(ptr))
            ptr = ptr.operands[0]
    return out


def _extractable(fn: Function, block: Block, insert_at: int) -> set[int]:
    later = {id(i) for i in block.instructions[insert_at:]}
    return later | {id(i) for b in fn.blocks if b is not block for i in b.instructions}


def _try_stores(fn: Function, block: Block, stores: list[Store], target: Target,
                options: SLPOptions) -> TreeReport | None:
    insts = block.instructions
    pos = {id(i): k for k, i in enumerate(insts)}
    insert_at = max(pos[id(s)] for s in stores)
    root = _builder(block, options).build([s.operands[0] for s in stores])
    if not can_schedule(insts, insert_at, _tree_loads(root), stores):
        return None
    dying = _dying(root, list(stores))
    users = value_users(fn.instructions())
    cost = tree_cost(root, target, dying, users, _extractable(fn, block, insert_at), stores)
    cost.vector += target.registers(root.vector_type)  # the vector store
    if cost.benefit <= 0:
        return None
    em = TreeEmitter()
    vec = em.emit(root)
    lowest = stores[0]
    em.out.append(Store(VOID, None, [vec, lowest.operands[1]], align=lowest.align))
    _splice(fn, block, insert_at, em, root, dying)
    for s in stores:
        block.instructions.remove(s)
    _delete_dead(fn, dying)
    return _report(fn, block, "stores", root, cost, target)


def _try_reduction(fn: Function, block: Block, red: Reduction, vf: int, target: Target,
                   options: SLPOptions) -> TreeReport | None:
    insts = block.instructions
    insert_at = insts.index(red.root)
    red.leaves = _by_address(red.leaves)
    root = _builder(block, options).build(red.leaves[:vf])
    if root.kind == "gather" or not can_schedule(insts, insert_at, _tree_loads(root), []):
        return None
    dying = _dying(root, list(red.interior))
    users = value_users(fn.instructions())
    cost = tree_cost(root, target, dying, users, _extractable(fn, block, insert_at + 1), red.interior)
    rest = red.leaves[vf:]
    cost.vector += target.reduction(root.vector_type) + len(rest)
    if cost.benefit <= 0:
        return None
    em = TreeEmitter()
    vec = em.emit(root)
    t = red.root.type
    assert isinstance(t, IntType)
    acc: Value = Call(t, None, [vec], callee=f"llvm.vector.reduce.{red.op}.v{vf}i{t.bits}")
    em.out.append(acc)  # type: ignore[arg-type]
    for leaf in rest:  # the leaves past the vector width, combined in scalar code
        acc = (Call(t, None, [acc, leaf], callee=f"llvm.{red.op}.i{t.bits}") if red.op in MINMAX
               else BinOp(t, None, [acc, leaf], op=red.op))
        em.out.append(acc)
    _splice(fn, block, insert_at, em, root, dying)
    _replace_uses(fn, red.root, acc)
    _delete_dead(fn, dying)
    return _report(fn, block, f"reduction.{red.op}", root, cost, target)


def _try_list(fn: Function, block: Block, values: list[Value], target: Target,
              options: SLPOptions) -> TreeReport | None:
    """A bundle with no seed instruction to replace (GEP indices): the vector code goes
    right after the last of them, and their users read extracts."""
    insts = block.instructions
    pos = {id(i): k for k, i in enumerate(insts)}
    insert_at = 1 + max(pos[id(v)] for v in values)
    root = _builder(block, options).build(values)
    if root.kind in ("gather", "const", "splat", "load") or not can_schedule(insts, insert_at, _tree_loads(root), []):
        return None
    dying = _dying(root, [])
    users = value_users(fn.instructions())
    cost = tree_cost(root, target, dying, users, _extractable(fn, block, insert_at), [])
    if cost.benefit <= 0:
        return None
    em = TreeEmitter()
    em.emit(root)
    _splice(fn, block, insert_at, em, root, dying)
    _delete_dead(fn, dying)
    return _report(fn, block, "gep-indices", root, cost, target)


def _by_address(leaves: list[Value]) -> list[Value]:
    """A reduction's leaves may be taken in any order: when each reads memory through one
    base (first operands down to a load), in address order, so the loads need no
    permuting shuffle."""
    keys = []
    for leaf in leaves:
        v = leaf
        for _ in range(4):
            if not isinstance(v, Instruction) or isinstance(v, Load) or not v.operands:
                break
            v = v.operands[0]
        acc = access_of(v) if isinstance(v, Load) else None
        if acc is None:
            return leaves
        keys.append(acc.address)
    if any(not keys[0].same_object_terms(k) for k in keys):
        return leaves
    order = sorted(range(len(leaves)), key=lambda i: keys[0].distance(keys[i]) or 0)
    return [leaves[i] for i in order]


def _splice(fn: Function, block: Block, at: int, em: TreeEmitter, root: Node, dying: set[int]) -> None:
    """Put the vector code before ``block[at]``; scalars of the tree used elsewhere after
    that point read their lane with an extractelement instead (those with a user before
    it stay, as the cost model assumed)."""
    block.instructions[at:at] = em.out
    after = _extractable(fn, block, at + len(em.out))
    new = {id(i) for i in em.out}
    users = {k: [u for u in us if id(u) not in new] for k, us in value_users(fn.instructions()).items()}
    dead = surviving_dead([i for n in root.walk() for i in n.replaced], dying, users, after)
    vectors = em.vectors
    extracts: list[Instruction] = []
    for node in root.walk():
        vec = vectors.get(id(node))
        if vec is None:
            continue
        for lane, scalar in enumerate(node.scalars):
            if id(scalar) not in dead or all(scalar is not r for r in node.replaced):
                continue
            outside = [u for u in users.get(id(scalar), []) if id(u) not in dead]
            if outside:
                x = ExtractElement(scalar.type, None, [vec, ConstInt(I32, lane)])
                extracts.append(x)
                for u in outside:
                    u.operands = [x if o is scalar else o for o in u.operands]
    k = at + len(em.out)
    block.instructions[k:k] = extracts


def _replace_uses(fn: Function, old: Value, new: Value) -> None:
    for inst in fn.instructions():
        if inst is not new:
            inst.operands = [new if o is old else o for o in inst.operands]


def _delete_dead(fn: Function, candidates: set[int]) -> None:
    """Remove the tree's scalar instructions that nothing uses any more, and then the
    computations (index arithmetic, addresses) only they used."""
    changed = True
    while changed:
        changed = False
        used = {id(o) for i in fn.instructions() for o in i.operands}
        for b in fn.blocks:
            keep = [i for i in b.instructions
                    if id(i) not in candidates or id(i) in used or is_terminator(i) or isinstance(i, Store)]
            if len(keep) != len(b.instructions):
                gone = [i for i in b.instructions if i not in keep]
                candidates |= {id(o) for i in gone for o in i.operands if isinstance(o, _PURE)}
                b.instructions = keep
                changed = True


_PURE = (BinOp, Cast, GetElementPtr, ICmp, Load)  # deleted when unused (never volatile here)


def _report(fn: Function, block: Block, seed: str, root: Node, cost: Cost, target: Target) -> TreeReport:
    rules = sorted({r for n in root.walk() if n.plan is not None for r in n.plan.rules})
    t = root.vector_type
    assert isinstance(t, VectorType)
    return TreeReport(fn.name, block.name, seed, root.lanes, str(t.elem), cost, rules, root.describe(),
                      target.max_lanes(t.elem))
