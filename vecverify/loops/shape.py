"""LoopVectorize's shape, read from a target function (see ``infer.py``).

``find_shape(fn)`` finds the one-block vector loop (a canonical ``index`` phi from 0,
stepped by a loop-invariant ``C`` until ``n.vec``), its preheader, the block after it
(``middle.block``), ``scalar.ph`` and its resume phis, the scalar loop they start, the exit
block, the branch conditions on the way into the vector loop (runtime checks included)
and the values the trip count may be (what ``n.vec`` is computed from). Nothing here is
trusted: every fact the proof uses is checked by an obligation or by ``same.py``.
The lane count ``C`` is a value of the function, not a number of this module's (it is
an integer constant in fixed-width code and, for the proof's scalar copies, must be one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..ir.function import Block, Function
from ..ir.types import IntType, VectorType
from ..ir.values import (
    BinOp,
    Br,
    Cast,
    ConstInt,
    ConstPoison,
    ICmp,
    InsertElement,
    Instruction,
    Phi,
    ShuffleVector,
    Value,
)
from ..ir.vscale import vscale_constant
from .obligation import I32, Side, WitnessError

Closed = Callable[[Side, Value], Value]


def incoming(phi: Phi, block: str) -> Value:
    for v, b in zip(phi.operands, phi.blocks, strict=True):
        if b == block:
            return v
    raise WitnessError(f"phi %{phi.name} has no value from {block}")


@dataclass
class LoopShape:
    """The blocks of a vectorized loop, as a vectorizer lays them out."""

    fn: Function
    body: Block  # vector.body
    preheader: Block  # vector.ph
    middle: Block  # middle.block
    scalar_ph: Block
    scalar: Block  # the scalar loop (one block)
    exit: Block
    index: Phi
    index_next: Value
    step: Value  # C = VF*UF
    lanes: int
    n_vec: Value
    vphis: list[Phi]
    scalar_phis: list[Phi]
    resume_from_middle: list[Value]
    resume_bypass: list[Value]
    exit_phis: list[Phi]
    path: list[tuple[Block, str]]  # (block, the successor towards vector.ph) with a condition
    bypass: list[Block]
    trip_counts: list[Value]
    # blocks between middle.block and the exit or scalar.ph (a vectorized epilogue's
    # dispatch, once its loop is bypassed: epilogue.py), in order
    region: list[Block] = field(default_factory=list)
    # bypass blocks whose start values differ in form from resume_bypass: name -> the
    # values, per scalar phi (infer.py shows each refines resume_bypass where it is taken)
    other_starts: dict[str, list[Value]] = field(default_factory=dict)
    start_from: str = ""  # the bypass block resume_bypass is read from
    owner: dict[int, str] = field(default_factory=dict)
    vector_blocks: set[str] = field(default_factory=set)
    closed_form: dict[int, Closed] = field(default_factory=dict)


def _preds(fn: Function) -> dict[str, list[Block]]:
    out: dict[str, list[Block]] = {b.name: [] for b in fn.blocks}
    for b in fn.blocks:
        for s in b.successors():
            if b not in out[s]:
                out[s].append(b)
    return out


def _defined_in(v: Value, block: Block) -> bool:
    return any(v is i for i in block.instructions)


def index_phi(block: Block, any_start: bool = False) -> tuple[Phi, BinOp, Value, Value] | None:
    """The canonical index of a one-block loop: (phi, index.next, C, n.vec); it starts at
    0 (with ``any_start``, at any value from outside the loop: a vectorized epilogue's)."""
    term = block.instructions[-1]
    if not (isinstance(term, Br) and term.operands and isinstance(term.operands[0], ICmp)):
        return None
    cmp = term.operands[0]
    if cmp.pred not in ("eq", "ne"):
        return None
    for inst in block.instructions:
        if not isinstance(inst, Phi) or len(inst.blocks) != 2 or block.name not in inst.blocks:
            continue
        other = next(b for b in inst.blocks if b != block.name)
        start = incoming(inst, other)
        nxt = incoming(inst, block.name)
        zero = isinstance(start, ConstInt) and start.value == 0
        if not ((zero or any_start and not _defined_in(start, block)) and isinstance(nxt, BinOp) and nxt.op == "add"):
            continue
        if nxt.operands[0] is not inst or _defined_in(nxt.operands[1], block):
            continue
        a, b = cmp.operands
        if a is nxt and not _defined_in(b, block):
            return inst, nxt, nxt.operands[1], b
        if b is nxt and not _defined_in(a, block):
            return inst, nxt, nxt.operands[1], a
    return None


def _has_vectors(b: Block) -> bool:
    return any(isinstance(i.type, VectorType) for i in b.instructions)


def find_shape(fn: Function, epilogue: Block | None = None) -> LoopShape:
    """The shape of ``fn``'s one vector loop or, with ``epilogue``, of that vectorized
    epilogue's loop (its index starts where the main vector loop stopped; the values
    around it are not its start values: ``resume_bypass`` is left empty)."""
    blocks = {b.name: b for b in fn.blocks}
    preds = _preds(fn)
    back = fn.back_edges()
    if any(latch != header for latch, header in back):
        raise WitnessError("a loop of more than one block")
    loops = [blocks[h] for _, h in back]
    vector = [(b, found) for b in loops if (found := index_phi(b, any_start=epilogue is not None)) is not None
              and _has_vectors(b) and (epilogue is None or b is epilogue)]
    if len(vector) != 1:
        raise WitnessError(f"{len(vector)} vector loops with a canonical index")
    body, (index, index_next, step, n_vec) = vector[0]
    scalars = [b for b in loops if b is not body and not _has_vectors(b)]
    if len(scalars) != 1:
        raise WitnessError(f"{len(scalars)} scalar loops besides the vector loop")
    scalar = scalars[0]
    ph = [p for p in preds[body.name] if p is not body]
    if len(ph) != 1:
        raise WitnessError("the vector loop is entered from more than one block")
    preheader = ph[0]
    mids = [s for s in body.successors() if s != body.name]
    middle = blocks[mids[0]]
    if preds[middle.name] != [body]:
        raise WitnessError("the block after the vector loop is entered from elsewhere")
    sph_names = {b for p in scalar.instructions if isinstance(p, Phi) for b in p.blocks if b != scalar.name}
    if len(sph_names) != 1:
        raise WitnessError("the scalar loop is entered from more than one block")
    scalar_ph = blocks[sph_names.pop()]
    exits = [s for s in scalar.successors() if s != scalar.name]
    if len(exits) != 1:
        raise WitnessError("the scalar loop does not have one exit block")
    exit_ = blocks[exits[0]]
    region = _dispatch(blocks, preds, middle, {exit_.name, scalar_ph.name})
    resume_from = next((b for b in [middle, *region] if b in preds[scalar_ph.name]), None)
    if resume_from is None:
        raise WitnessError("no resume edge from the middle block to the scalar loop")
    # the branch conditions on the way into vector.ph
    path: list[tuple[Block, str]] = []
    blk = preheader
    seen = {blk.name}
    while len(preds[blk.name]) == 1:
        p = preds[blk.name][0]
        if p.name in seen:
            break
        seen.add(p.name)
        term = p.instructions[-1]
        if isinstance(term, Br) and term.operands:
            path.insert(0, (p, blk.name))
        elif not isinstance(term, Br):
            raise WitnessError(f"block {p.name} on the way into the vector loop ends in {term.opcode}")
        blk = p
    bypass = [p for p in preds[scalar_ph.name] if p is not middle and p not in region]
    # The scalar loop's start values: those every bypass block hands scalar.ph, or, where
    # they differ in form (a vectorized epilogue's skipped loop: ``1 + 0``,
    # ``reduce.add(<s, 0, 0, 0>)``), those of the first bypass block on the way into
    # vector.ph (the scalar part with the vector path removed starts from them: same.py),
    # the others in ``other_starts``, each shown to refine them by an obligation (infer.py)
    first = next((b for b, _ in path if b in bypass), None)
    scalar_phis = [i for i in scalar.instructions if isinstance(i, Phi)]
    from_middle, from_bypass = [], []
    starts_by: dict[str, list[Value]] = {b.name: [] for b in bypass}
    for phi in scalar_phis:
        r = incoming(phi, scalar_ph.name)
        own = isinstance(r, Phi) and _defined_in(r, scalar_ph)
        from_middle.append(incoming(r, resume_from.name) if own else r)  # type: ignore[arg-type]
        for b in bypass:
            starts_by[b.name].append(incoming(r, b.name) if own else r)  # type: ignore[arg-type]
    other_starts: dict[str, list[Value]] = {}
    base = first or (bypass[0] if bypass else None)
    if epilogue is None and base is not None:
        from_bypass = starts_by[base.name]
        other_starts = {b.name: starts_by[b.name] for b in bypass if b is not base and any(
            not _same_value(x, y) for x, y in zip(starts_by[b.name], from_bypass, strict=True))}
    # With no bypass (the vector loop always entered) the start values are the source's:
    # left empty here (infer.py reads them from the source, same.py confirms them)
    exit_phis = [i for i in exit_.instructions if isinstance(i, Phi) and scalar.name in i.blocks]
    trips: list[Value] = []
    if isinstance(n_vec, BinOp) and n_vec.op == "sub":
        trips.append(n_vec.operands[0])
    mt = middle.instructions[-1]
    if isinstance(mt, Br) and mt.operands and isinstance(mt.operands[0], ICmp):
        trips += [v for v in mt.operands[0].operands if v is not n_vec and not any(v is t for t in trips)]
    lanes = vscale_constant(step)  # a constant, or vscale x N read at one vscale
    if not lanes:
        raise WitnessError("the vector loop's step is not a constant (nor vscale x N at one vscale)")
    shape = LoopShape(fn, body, preheader, middle, scalar_ph, scalar, exit_, index, index_next, step, lanes,
                      n_vec, [i for i in body.instructions if isinstance(i, Phi) and i is not index],
                      scalar_phis, from_middle, from_bypass, exit_phis, path, bypass, trips, region=region,
                      other_starts=other_starts, start_from=base.name if base is not None else "")
    for b in (preheader, body, middle, *region):
        shape.vector_blocks.add(b.name)
    for b in fn.blocks:
        for inst in b.instructions:
            shape.owner[id(inst)] = b.name
    for phi in shape.vphis:
        closed = _additive(shape, phi)
        if closed is not None:
            shape.closed_form[id(phi)] = closed
    return shape


def _dispatch(blocks: dict[str, Block], preds: dict[str, list[Block]], middle: Block, ends: set[str]) -> list[Block]:
    """The blocks after ``middle`` on its way to ``ends`` (the exit, scalar.ph): entered
    only from ``middle`` or each other, without phis, not in a loop. WitnessError where
    they are not such."""
    region: list[Block] = []
    work = [s for s in middle.successors() if s not in ends]
    while work:
        b = blocks[work.pop(0)]
        if b in region:
            continue
        if b is middle or len(region) > 4:
            raise WitnessError("the middle block goes elsewhere than the exit and the scalar loop")
        if any(p is not middle and p not in region for p in preds[b.name]) or any(
                isinstance(i, Phi) for i in b.instructions):
            raise WitnessError(f"block {b.name} after the vector loop is entered from elsewhere")
        region.append(b)
        work += [s for s in b.successors() if s not in ends]
    return region


def _same_value(a: Value, b: Value) -> bool:
    if a is b:
        return True
    return isinstance(a, ConstInt) and isinstance(b, ConstInt) and a.type == b.type and a.value == b.value


def _additive(shape: LoopShape, phi: Phi) -> Closed | None:
    """A widened induction ``phi = phi0 + splat(index / C) * D`` (``vec.ind``; D the sum of
    the invariants its back-edge value adds, one per unrolled part): its value
    computed from the index (checked by ``Inference.check_closed_forms``)."""
    t = phi.type
    if not (isinstance(t, VectorType) and isinstance(t.elem, IntType)):
        return None
    # the back-edge value: phi + D1 + D2 + ... (an unrolled loop's parts: %step.add =
    # %vec.ind + 4, %vec.ind.next = %step.add + 4), each D loop-invariant
    deltas: list[Value] = []
    x = incoming(phi, shape.body.name)
    while x is not phi:
        if not (isinstance(x, BinOp) and x.op == "add" and not _defined_in(x.operands[1], shape.body)
                and len(deltas) < 16):
            return None
        deltas.insert(0, x.operands[1])
        x = x.operands[0]
    if not deltas:
        return None
    start = incoming(phi, shape.preheader.name)
    it = shape.index.type
    assert isinstance(it, IntType)
    et = t.elem

    def closed(side: Side, index: Value) -> Value:
        q: Value = side.emit(BinOp(it, None, [index, side.value(shape.step)], op="udiv"))
        if et.bits != it.bits:
            q = side.emit(Cast(et, None, [q], op="trunc" if et.bits < it.bits else "zext"))
        ins = side.emit(InsertElement(t, None, [ConstPoison(t), q, ConstInt(I32, 0)]))
        spl = side.emit(ShuffleVector(t, None, [ins, ConstPoison(t)], mask=tuple(0 for _ in range(t.count))))
        d = side.value(deltas[0])
        for more in deltas[1:]:
            d = side.emit(BinOp(t, None, [d, side.value(more)], op="add"))
        mul = side.emit(BinOp(t, None, [spl, d], op="mul"))
        return side.emit(BinOp(t, None, [side.value(start), mul], op="add"))

    return closed


__all__ = ["LoopShape", "find_shape", "incoming", "Instruction"]
