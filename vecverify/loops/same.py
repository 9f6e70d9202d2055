"""The scalar part of a vectorized target is its source (see ``infer.py``).

``same_scalar_part(src, tgt, shape)`` removes the vector path from a copy of ``tgt``
(each branch of a bypass block into it goes to ``scalar.ph`` instead; ``scalar.ph``'s
resume phis then have one value, their start value), normalizes both functions the same
way (unreachable blocks, phis of one value, unused instructions that can be neither UB
nor observed, blocks that only branch on) and compares their text with canonical names.
It raises WitnessError where they differ. Each normalization keeps a function's
meaning, so equal texts mean equal functions; the target's removed vector path is what
the witness's obligations prove.
"""

from __future__ import annotations

import copy

from ..ir.function import Block, Function
from ..ir.types import ArrayType
from ..ir.values import (
    Argument,
    BinOp,
    Br,
    Call,
    Cast,
    ConstInt,
    FCmp,
    Freeze,
    GetElementPtr,
    ICmp,
    Instruction,
    Phi,
    Select,
    Value,
)
from ..llvm import print_function
from .obligation import WitnessError, _pure
from .shape import LoopShape

_DIVS = ("udiv", "sdiv", "urem", "srem")


def _removable(inst: Instruction) -> bool:
    """Unused, it can be deleted: no UB, no effect."""
    if isinstance(inst, BinOp):
        return inst.op not in _DIVS
    if isinstance(inst, Call):
        return _pure(inst) and not inst.callee.startswith("llvm.vector.reduce.f")
    return isinstance(inst, ICmp | FCmp | Cast | Select | Freeze | GetElementPtr | Phi) or type(inst).__name__ in (
        "ExtractElement", "InsertElement", "ShuffleVector")


def _replace_uses(fn: Function, old: Value, new: Value) -> None:
    for b in fn.blocks:
        for inst in b.instructions:
            inst.operands = [new if op is old else op for op in inst.operands]


def _reachable(fn: Function) -> set[str]:
    blocks = {b.name: b for b in fn.blocks}
    seen, work = set(), [fn.blocks[0].name]
    while work:
        n = work.pop()
        if n not in seen:
            seen.add(n)
            work.extend(blocks[n].successors())
    return seen


def normalize(fn: Function) -> None:
    changed = True
    while changed:
        changed = False
        live = _reachable(fn)
        if len(live) != len(fn.blocks):
            fn.blocks = [b for b in fn.blocks if b.name in live]
            changed = True
        for b in fn.blocks:
            for inst in b.instructions:
                if isinstance(inst, Phi):
                    keep = [(v, blk) for v, blk in zip(inst.operands, inst.blocks, strict=True) if blk in live]
                    if len(keep) != len(inst.blocks):
                        inst.operands, inst.blocks = [v for v, _ in keep], [blk for _, blk in keep]
                        changed = True
        # phis of one value
        for b in fn.blocks:
            for inst in list(b.instructions):
                if isinstance(inst, Phi) and inst.operands and all(
                        v is inst.operands[0] for v in inst.operands) and inst.operands[0] is not inst:
                    _replace_uses(fn, inst, inst.operands[0])
                    b.instructions.remove(inst)
                    changed = True
        # unused removable instructions
        used = {id(op) for b in fn.blocks for i in b.instructions for op in i.operands}
        for b in fn.blocks:
            for inst in list(b.instructions):
                if id(inst) not in used and _removable(inst) and str(inst.type) != "void":
                    b.instructions.remove(inst)
                    changed = True
        changed |= _merge_trivial(fn)


def _merge_trivial(fn: Function) -> bool:
    """A block (not the entry) of one unconditional branch and no phis: its predecessors
    branch to its successor directly (where that successor's phis allow it)."""
    for b in fn.blocks[1:]:
        term = b.instructions[-1]
        if len(b.instructions) != 1 or not isinstance(term, Br) or term.operands:
            continue
        succ = next(x for x in fn.blocks if x.name == term.targets[0])
        if succ is b:
            continue
        preds = [p for p in fn.blocks if b.name in p.successors()]
        phis = [i for i in succ.instructions if isinstance(i, Phi)]
        if any(p.name in phi.blocks for p in preds for phi in phis):
            continue
        if any(len(p.instructions[-1].targets) != len(set(p.instructions[-1].targets)) for p in preds):  # type: ignore[attr-defined]
            continue
        for p in preds:
            pt = p.instructions[-1]
            pt.targets = [succ.name if t == b.name else t for t in pt.targets]  # type: ignore[attr-defined]
        for phi in phis:
            ops, blks = [], []
            for v, blk in zip(phi.operands, phi.blocks, strict=True):
                if blk == b.name:
                    ops += [v] * len(preds)
                    blks += [p.name for p in preds]
                else:
                    ops.append(v)
                    blks.append(blk)
            phi.operands, phi.blocks = ops, blks
        fn.blocks.remove(b)
        return True
    return False


_SWAPPED = {"eq": "eq", "ne": "ne", "ult": "ugt", "ugt": "ult", "ule": "uge", "uge": "ule",
            "slt": "sgt", "sgt": "slt", "sle": "sge", "sge": "sle"}
_COMMUTATIVE = ("add", "mul", "and", "or", "xor")


def _zero_first_index(fn: Function) -> None:
    """``getelementptr [N x T], p, 0, i`` is ``getelementptr T, p, i`` (the same offset,
    0 + i*sizeof(T), with the same flags): the form instcombine writes."""
    for b in fn.blocks:
        for inst in b.instructions:
            st = inst.source_type if isinstance(inst, GetElementPtr) else None
            if (isinstance(inst, GetElementPtr) and isinstance(st, ArrayType) and len(inst.operands) == 3
                    and isinstance(inst.operands[1], ConstInt) and inst.operands[1].value == 0):
                inst.source_type = st.elem
                inst.operands = [inst.operands[0], inst.operands[2]]


def _order_operands(fn: Function) -> None:
    """The operands of commutative integer operators and of comparisons in one order (by
    their text under canonical names), a comparison's predicate swapped with them."""
    for b in fn.blocks:
        for inst in b.instructions:
            if isinstance(inst, ICmp) or isinstance(inst, BinOp) and inst.op in _COMMUTATIVE:
                x, y = inst.operands
                if x.ref() > y.ref():
                    inst.operands = [y, x]
                    if isinstance(inst, ICmp):
                        inst.pred = _SWAPPED[inst.pred]


def canonical_text(fn: Function) -> str:
    fn = copy.deepcopy(fn)
    normalize(fn)
    _zero_first_index(fn)
    names = {b.name: f"b{k}" for k, b in enumerate(fn.blocks)}
    for b in fn.blocks:
        b.name = names[b.name]
        term = b.instructions[-1]
        if hasattr(term, "targets"):
            term.targets = [names[t] for t in term.targets]
        for inst in b.instructions:
            if isinstance(inst, Phi):
                pairs = sorted(zip(inst.blocks, inst.operands, strict=True), key=lambda p: p[0])
                inst.blocks = [names.get(blk, blk) for blk, _ in pairs]
                inst.operands = [v for _, v in pairs]
                pairs2 = sorted(zip(inst.blocks, inst.operands, strict=True), key=lambda p: p[0])
                inst.blocks, inst.operands = [p[0] for p in pairs2], [p[1] for p in pairs2]
    k = 0
    for b in fn.blocks:
        for inst in b.instructions:
            if inst.name is not None:
                inst.name = f"v{k}"
                k += 1
    for j, a in enumerate(fn.args):
        if isinstance(a, Argument):
            a.name = f"a{j}"
    _order_operands(fn)
    fn.name = "f"
    return print_function(fn)


def remove_vector_path(tgt: Function, shape: LoopShape) -> Function:
    t = copy.deepcopy(tgt)
    blocks = {b.name: b for b in t.blocks}
    sph = shape.scalar_ph.name
    for bp in shape.bypass:
        term = blocks[bp.name].instructions[-1]
        if not isinstance(term, Br):
            raise WitnessError(f"block {bp.name} around the vector loop ends in {term.opcode}")
        if term.operands:
            blocks[bp.name].instructions[-1] = Br(term.type, None, [], targets=[sph])
    if not shape.bypass:
        # the vector loop is always entered: the branch into vector.ph goes to scalar.ph
        # instead, and the scalar loop starts from the source's start values
        # (shape.resume_bypass, read from the source: the comparison confirms them)
        for b in t.blocks:
            term = b.instructions[-1]
            if isinstance(term, Br) and shape.preheader.name in term.targets and b.name != shape.preheader.name:
                term.targets = [sph if x == shape.preheader.name else x for x in term.targets]
        scalar = blocks[shape.scalar.name]
        phis = [i for i in scalar.instructions if isinstance(i, Phi)]
        for phi, start in zip(phis, shape.resume_bypass, strict=True):
            phi.operands = [start if blk == sph else v for v, blk in zip(phi.operands, phi.blocks, strict=True)]
    # scalar.ph's phis keep their bypass values only
    live = _reachable(t)
    if shape.preheader.name in live or shape.middle.name in live:
        raise WitnessError("the vector loop is reached other than through the bypass blocks")
    return t


def same_scalar_part(src: Function, tgt: Function, shape: LoopShape) -> None:
    a, b = canonical_text(src), canonical_text(remove_vector_path(tgt, shape))
    if a != b:
        la, lb = a.splitlines(), b.splitlines()
        first = next((k for k, (x, y) in enumerate(zip(la, lb, strict=False)) if x != y), min(len(la), len(lb)))
        got = lb[first].strip() if first < len(lb) else "(end)"
        want = la[first].strip() if first < len(la) else "(end)"
        raise WitnessError(f"line {first + 1}: '{got}' where the source has '{want}'")


__all__ = ["canonical_text", "normalize", "remove_vector_path", "same_scalar_part", "Block"]
