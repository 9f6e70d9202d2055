"""Vectorized epilogues (``vec.epilog.*``): two vector loops, proved one after the other.

X86's default: a main vector loop (``vector.body``, C lanes), then an epilogue vector loop
(``vec.epilog.vector.body``, fewer lanes) whose index starts where the main loop stopped
(``vec.epilog.resume.val``: the main loop's ``n.vec``, or 0 where the main loop was
skipped), then the scalar remainder. The proof composes two proofs of the shape
``infer.py`` knows, with refinement's transitivity (T refines T_E refines the source):

1. **The epilogue loop refines the scalar remainder.** Its shape is read as any vector
   loop's (``find_shape(fn, epilogue=...)``), with the correspondence alpha_E read from
   ``vec.epilog.middle.block``'s resume values; its invariants must hold where it is
   entered, from each block that enters it (``entries``: the branch conditions on the way
   there assumed, the index starting at the resume value from that block), and its step
   and last obligations are those of any vector loop. So from every state it is entered
   in, the epilogue loop and what follows behave as the scalar loop started from alpha_E
   of that state.
2. **T_E**: the target with each edge into the epilogue's preheader sent to ``scalar.ph``
   instead, through a new block that computes alpha_E of the entry state (the values
   ``scalar.ph``'s phis take from it). By (1) the target refines T_E. T_E has one vector
   loop left, the main one, whose ``middle.block`` reaches ``scalar.ph`` through the
   epilogue's dispatch blocks (``LoopShape.region``); it is proved against the source as
   any vector loop is (``infer.py``).

Nothing is trusted: a wrong alpha_E fails (1); T_E is only a means to state (2).
"""

from __future__ import annotations

import copy

from ..ir.function import Block, Function
from ..ir.values import Br, Instruction, Phi, Value
from .obligation import WitnessError, pure_instruction
from .shape import LoopShape, _has_vectors, _preds, find_shape, incoming, index_phi

Entry = tuple[Block, list[tuple[Block, str]]]  # a block entering the loop, the conditions on the way to it


def epilogue_loop(fn: Function) -> Block | None:
    """The epilogue's vector loop where ``fn`` has two vector loops with a canonical
    index, one starting at 0 and one starting elsewhere; else None."""
    blocks = {b.name: b for b in fn.blocks}
    loops = [blocks[h] for latch, h in fn.back_edges() if latch == h]
    vector = [(b, f) for b in loops if _has_vectors(b) and (f := index_phi(b, any_start=True)) is not None]
    if len(vector) != 2:
        return None
    later = [b for b, (phi, *_rest) in vector if not index_phi(b)]
    return later[0] if len(later) == 1 else None


def entries(shape: LoopShape) -> list[Entry]:
    """Each block that enters the epilogue's preheader, with the conditional branches on
    the way to it from the function's entry (a path through blocks of one predecessor; a
    one-block loop on the way is stepped over, its exit condition not assumed)."""
    fn = shape.fn
    preds = _preds(fn)
    out: list[Entry] = []
    for p in preds[shape.preheader.name]:
        path: list[tuple[Block, str]] = [(p, shape.preheader.name)] if _conditional(p) else []
        blk, seen = p, {p.name}
        while True:
            ps = [q for q in preds[blk.name] if q is not blk]
            if len(ps) != 1 or ps[0].name in seen:
                break
            q = ps[0]
            seen.add(q.name)
            if blk.name in q.successors() and q.name in q.successors():
                # q is a one-block loop: go on from where it is entered
                inner = [r for r in preds[q.name] if r is not q]
                if len(inner) != 1:
                    break
                blk = q
                continue
            if _conditional(q):
                path.insert(0, (q, blk.name))
            blk = q
        out.append((p, path))
    return out


def _conditional(b: Block) -> bool:
    term = b.instructions[-1]
    return isinstance(term, Br) and bool(term.operands)


def bypass_epilogue(fn: Function, epilogue: str) -> Function:
    """T_E (see the module docstring): a copy of ``fn`` whose edges into the preheader of
    the epilogue loop ``epilogue`` go to scalar.ph through a block computing alpha_E of
    the entry state, its unreachable blocks removed."""
    t = copy.deepcopy(fn)
    s = find_shape(t, epilogue=t.block(epilogue))
    pre_phis = [i for i in s.preheader.instructions if isinstance(i, Phi)]
    # T_E leaves the preheader out: only what can be recomputed where needed may be there
    for inst in s.preheader.instructions[:-1]:
        if not isinstance(inst, Phi) and not pure_instruction(inst):
            raise WitnessError(f"the epilogue's preheader has an effect ({inst.opcode})")
    names = {b.name for b in t.blocks}
    for p in [b for b in t.blocks if s.preheader.name in b.successors()]:
        over: dict[int, Value] = {id(phi): incoming(phi, p.name) for phi in pre_phis}
        insts: list[Instruction] = []
        over[id(s.n_vec)] = _materialize(incoming(s.index, s.preheader.name), over, s, insts)
        for phi in s.vphis:
            over[id(incoming(phi, s.body.name))] = _materialize(incoming(phi, s.preheader.name), over, s, insts)
        values = [_materialize(m, dict(over), s, insts) for m in s.resume_from_middle]
        name = f"{p.name}.epilog.skip"
        k = 0
        while name in names:
            k += 1
            name = f"{p.name}.epilog.skip{k}"
        names.add(name)
        term = p.instructions[-1]
        assert isinstance(term, Br)
        term.targets = [name if x == s.preheader.name else x for x in term.targets]
        t.blocks.insert(t.blocks.index(s.scalar_ph), Block(name, [*insts, Br(term.type, None, [], targets=[s.scalar_ph.name])]))
        for phi, v in zip(s.scalar_phis, values, strict=True):
            r = incoming(phi, s.scalar_ph.name)
            if not (isinstance(r, Phi) and any(r is i for i in s.scalar_ph.instructions)):
                raise WitnessError(f"the scalar loop's %{phi.name} takes no value from a phi of {s.scalar_ph.name}")
            r.operands.append(v)
            r.blocks.append(name)
    _remove_unreachable(t)
    return t


def _materialize(v: Value, over: dict[int, Value], s: LoopShape, out: list[Instruction]) -> Value:
    """``v`` recomputed at the end of a block entering the epilogue: the values in
    ``over`` replaced, the pure instructions of the epilogue's blocks copied into ``out``."""
    if id(v) in over:
        return over[id(v)]
    if isinstance(v, Instruction) and s.owner.get(id(v)) in s.vector_blocks:
        if isinstance(v, Phi) or not pure_instruction(v):
            raise WitnessError(f"%{v.name} of the epilogue is not described by its entry state")
        c = copy.copy(v)
        c.operands = [_materialize(op, over, s, out) for op in v.operands]
        if c.name:
            c.name = f"{c.name}.skip"
        out.append(c)
        over[id(v)] = c
        return c
    return v


def _remove_unreachable(fn: Function) -> None:
    blocks = {b.name: b for b in fn.blocks}
    live: set[str] = set()
    work = [fn.blocks[0].name]
    while work:
        n = work.pop()
        if n not in live:
            live.add(n)
            work.extend(blocks[n].successors())
    fn.blocks = [b for b in fn.blocks if b.name in live]
    for b in fn.blocks:
        for i in b.instructions:
            if isinstance(i, Phi):
                keep = [(v, x) for v, x in zip(i.operands, i.blocks, strict=True) if x in live]
                i.operands, i.blocks = [v for v, _ in keep], [x for _, x in keep]


__all__ = ["bypass_epilogue", "entries", "epilogue_loop"]
