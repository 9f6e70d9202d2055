"""A target read into the shape the proof knows, without changing what it does.

LoopVectorize simplifies its output where the trip count is a known constant, and two
of those simplifications leave a shape ``find_shape``/``Inference`` cannot read as it
is; each is undone here on a copy of the target, by an edit that keeps its meaning:

* **No scalar remainder** (``graft_remainder``): where ``n.vec`` is the whole trip count,
  ``middle.block`` branches to the exit unconditionally and the scalar loop is gone. A
  copy of the source's loop is grafted back as the remainder, behind ``br i1 true,
  label %exit, label %scalar.ph`` in ``middle.block``: never entered, so the function
  means what it did. Its resume values are what the correspondence is read from (any
  value is as good semantically, the branch never goes there): for a scalar phi whose
  back-edge value the exit block takes, the value the exit block takes from
  ``middle.block``; for an induction ``phi + D`` starting at a constant S, ``S + n.vec *
  D``. Which exit phi takes which value of the source's loop is matched by name;
  ``same_scalar_part`` then compares the whole scalar part with the source, so a wrong
  match can only fail the proof.
* **Resume values folded to constants** (``unfold_resumes``): where ``n.vec`` is a
  constant, ``bc.resume.val`` of an induction ``phi + D`` from S is the constant ``S +
  n.vec * D``, which says nothing about the vector loop's index. It is written back as
  that computation (in ``middle.block``, from the same ``n.vec`` constant the vector loop
  compares with) only where it evaluates to the same constant, so the function is
  unchanged.

Nothing here is trusted beyond the edit keeping the function's meaning: the
correspondence read from the result is checked by the obligations like any other.
"""

from __future__ import annotations

import copy

from ..ir.function import Block, Function
from ..ir.types import IntType, VectorType
from ..ir.values import (
    Argument,
    BinOp,
    Br,
    Cast,
    Constant,
    ConstInt,
    Instruction,
    Phi,
    Value,
)
from .obligation import I1, WitnessError
from .shape import LoopShape, incoming, index_phi

GRAFT = "graft"


def _induction_step(phi: Phi, loop: Block) -> ConstInt | None:
    """D where ``phi``'s back-edge value is ``phi + D`` (D a constant), else None."""
    latch = incoming(phi, loop.name)
    if not (isinstance(latch, BinOp) and latch.op == "add" and isinstance(phi.type, IntType)):
        return None
    a, b = latch.operands
    if a is phi and isinstance(b, ConstInt):
        return b
    if b is phi and isinstance(a, ConstInt):
        return a
    return None


def _resume_of_induction(middle: Block, n_vec: Value, phi: Phi, start: Value, d: ConstInt, tag: str) -> Instruction:
    """``start + n.vec * d`` in ``phi``'s type, emitted at the end of ``middle``."""
    t = phi.type
    assert isinstance(t, IntType) and isinstance(n_vec.type, IntType)
    insts: list[Instruction] = []
    nv: Value = n_vec
    if n_vec.type.bits != t.bits:
        nv = Cast(t, f"{tag}.nvec", [n_vec], op="trunc" if t.bits < n_vec.type.bits else "zext")
        insts.append(nv)  # type: ignore[arg-type]
    mul = BinOp(t, f"{tag}.mul", [nv, d], op="mul")
    add = BinOp(t, tag, [start, mul], op="add")
    insts += [mul, add]
    middle.instructions[-1:-1] = insts
    return add


def unfold_resumes(shape: LoopShape) -> list[str]:
    """Constant resume values of inductions written as ``start + n.vec * D`` where
    ``n.vec`` is a constant and they evaluate to the same constant (see the module
    docstring); ``shape`` and its function are updated. Returns the phis unfolded."""
    s = shape
    if not isinstance(s.n_vec, ConstInt):
        return []
    out = []
    for k, (phi, m) in enumerate(zip(s.scalar_phis, s.resume_from_middle, strict=True)):
        start = s.resume_bypass[k] if k < len(s.resume_bypass) else None
        d = _induction_step(phi, s.scalar)
        if not (isinstance(m, ConstInt) and isinstance(start, ConstInt) and d is not None):
            continue
        bits = m.type.bits
        nv = s.n_vec.value % (1 << bits)
        if (start.value + nv * d.value) % (1 << bits) != m.value:
            continue  # not the induction's value after n.vec iterations: left as it is
        r = incoming(phi, s.scalar_ph.name)
        holder = r if isinstance(r, Phi) and any(r is i for i in s.scalar_ph.instructions) else phi
        if holder is phi and s.bypass:
            continue  # the constant comes from the bypass too: middle.block's value would not reach it
        new = _resume_of_induction(s.middle, s.n_vec, phi, start, d, f"{phi.name or 'iv'}.resume")
        block = s.middle.name if holder is r else s.scalar_ph.name
        holder.operands = [new if b == block else v for v, b in zip(holder.operands, holder.blocks, strict=True)]
        s.resume_from_middle[k] = new
        for inst in s.middle.instructions:
            s.owner[id(inst)] = s.middle.name
        out.append(f"%{phi.name}")
    return out


def _one_block_loop(fn: Function) -> Block | None:
    back = fn.back_edges()
    if len(back) != 1 or back[0][0] != back[0][1]:
        return None
    return fn.block(back[0][0])


def _vector_loop_exit(tgt: Function, body: Block) -> tuple[Block, Block, Value] | None:
    """(middle.block, the exit it always goes to, n.vec) for a vector loop whose block
    after it branches unconditionally (no remainder), else None."""
    found = index_phi(body)
    if found is None or not any(isinstance(i.type, VectorType) for i in body.instructions):
        return None
    others = [s for s in body.successors() if s != body.name]
    if len(others) != 1:
        return None
    middle = tgt.block(others[0])
    term = middle.instructions[-1]
    if not (isinstance(term, Br) and not term.operands):
        return None
    return middle, tgt.block(term.targets[0]), found[3]


def graft_remainder(src: Function, tgt: Function) -> Function | None:
    """A copy of ``tgt`` with the source's loop grafted back as a scalar remainder that
    is never entered (see the module docstring), or None where ``tgt`` has a remainder
    or is not a one-block vector loop with its block after it going to the exit.
    Raises WitnessError where the shape is that but the graft cannot be made."""
    body = _one_block_loop(tgt)
    if body is None:
        return None
    t = copy.deepcopy(tgt)
    body = t.block(body.name)
    found = _vector_loop_exit(t, body)
    if found is None:
        return None
    middle, exit_, n_vec = found
    loop = _one_block_loop(src)
    if loop is None:
        raise WitnessError("no remainder, and the source's loop is not one block")
    loop_exits = [x for x in loop.successors() if x != loop.name]
    if len(loop_exits) != 1:
        raise WitnessError("no remainder, and the source's loop does not have one exit")
    names = {b.name for b in t.blocks}
    ph_name, loop_name = _fresh(f"{GRAFT}.scalar.ph", names), _fresh(f"{GRAFT}.{loop.name}", names)

    # the source's values used in its loop and defined outside it: the target's
    # arguments (by position) and its values of the same name outside the vector loop
    tvals: dict[str, Value] = {}
    for b in t.blocks:
        if b is not body and b is not middle:
            for inst in b.instructions:
                if inst.name:
                    tvals[inst.name] = inst
    in_loop = {id(i) for i in loop.instructions}
    vmap: dict[int, Value] = {id(a): b for a, b in zip(src.args, t.args, strict=True)}
    for inst in loop.instructions:
        for op in inst.operands:
            if id(op) in in_loop or id(op) in vmap or isinstance(op, Constant):
                continue
            if isinstance(op, Argument) or not op.name or op.name not in tvals:
                raise WitnessError(f"no remainder, and the source's loop uses %{op.name}, which the target "
                                   "does not define outside its vector loop")
            vmap[id(op)] = tvals[op.name]
    clones: list[Instruction] = []
    for inst in loop.instructions:
        c = copy.copy(inst)
        vmap[id(inst)] = c
        clones.append(c)
    for inst, c in zip(loop.instructions, clones, strict=True):
        c.operands = [vmap.get(id(op), op) for op in inst.operands]
        if isinstance(c, Phi):
            assert isinstance(inst, Phi)
            c.blocks = [loop_name if b == loop.name else ph_name for b in inst.blocks]
        if isinstance(c, Br):
            assert isinstance(inst, Br)
            c.targets = [loop_name if x == loop.name else exit_.name for x in inst.targets]
    graft_loop = Block(loop_name, clones)
    # the exit block's phis take the grafted loop's values (matched by name)
    src_exit = src.block(loop_exits[0])
    src_phis = {i.name: incoming(i, loop.name) for i in src_exit.instructions
                if isinstance(i, Phi) and loop.name in i.blocks}
    src_named = {i.name: i for i in loop.instructions if i.name}
    taken: dict[int, Value] = {}  # a back-edge value's clone -> the exit phi's value from middle.block
    for ep in (i for i in exit_.instructions if isinstance(i, Phi)):
        if middle.name not in ep.blocks:
            continue
        name = ep.name or ""
        v = src_phis.get(name)
        if v is None:
            v = src_named.get(name.removesuffix(".lcssa"))
        if v is None or id(v) not in in_loop and not isinstance(v, Constant):
            raise WitnessError(f"no remainder, and the exit's %{name} matches no value of the source's loop")
        gv = vmap.get(id(v), v)
        ep.operands.append(gv)
        ep.blocks.append(loop_name)
        taken[id(gv)] = incoming(ep, middle.name)
    for m, v in _exit_uses(t, src, exit_, src_exit, {body.name, middle.name}, loop):
        gv = vmap.get(id(v), v)
        phi = Phi(m.type, _fresh(f"{m.name or 'v'}.exit", names), [m, gv], blocks=[middle.name, loop_name])
        _replace_in(exit_, m, phi)
        exit_.instructions.insert(0, phi)
        taken[id(gv)] = m
    # the resume values: what the exit takes from middle.block, or an induction's value
    resumes: list[Value] = []
    for phi, c in zip((i for i in loop.instructions if isinstance(i, Phi)),
                      (i for i in clones if isinstance(i, Phi)), strict=True):
        latch = incoming(c, loop_name)
        outside = [v for v, b in zip(phi.operands, phi.blocks, strict=True) if b != loop.name]
        d = _induction_step(c, graft_loop)
        if id(latch) in taken:
            resumes.append(taken[id(latch)])
        elif d is not None and len(outside) == 1 and isinstance(outside[0], ConstInt) and isinstance(n_vec.type, IntType):
            resumes.append(_resume_of_induction(middle, n_vec, c, outside[0], d, f"{c.name or 'iv'}.resume"))
        else:
            raise WitnessError(f"no remainder, and no resume value for the source's %{phi.name}")
        c.operands = [resumes[-1] if b == ph_name else v for v, b in zip(c.operands, c.blocks, strict=True)]
    middle.instructions[-1] = Br(middle.instructions[-1].type, None, [ConstInt(I1, 1)], targets=[exit_.name, ph_name])
    ph = Block(ph_name, [Br(middle.instructions[-1].type, None, [], targets=[loop_name])])
    at = t.blocks.index(exit_)
    t.blocks[at:at] = [ph, graft_loop]
    return t


def resume_edge(tgt: Function) -> Function | None:
    """A copy of ``tgt`` whose ``middle.block``, which goes to the exit unconditionally
    while a scalar loop is kept for the paths around the vector loop (runtime checks;
    LoopVectorize's ``align.ll``: a constant trip count VF*UF divides), also branches to
    ``scalar.ph``, behind ``br i1 true, label %exit, label %scalar.ph`` (never taken:
    the function is unchanged), with resume values for the scalar loop's phis: the value
    the exit block takes from ``middle.block`` where it takes the phi's back-edge value
    from the scalar loop, ``S + n.vec * D`` for an induction from S (a constant or an
    argument) by a constant D. None where ``tgt`` is not of that shape; WitnessError
    where it is but a phi has no such resume value."""
    loops = [b for latch, h in tgt.back_edges() if latch == h for b in [tgt.block(h)]]
    if len(loops) != 2 or len(tgt.back_edges()) != 2:
        return None
    vector = [b for b in loops if any(isinstance(i.type, VectorType) for i in b.instructions)]
    if len(vector) != 1:
        return None
    t = copy.deepcopy(tgt)
    body = t.block(vector[0].name)
    found = _vector_loop_exit(t, body)
    if found is None:
        return None
    middle, exit_, n_vec = found
    scalar = t.block(next(b for b in loops if b is not vector[0]).name)
    if [x for x in scalar.successors() if x != scalar.name] != [exit_.name]:
        return None
    phis = [i for i in scalar.instructions if isinstance(i, Phi)]
    outside = {b for p in phis for b in p.blocks if b != scalar.name}
    if len(outside) != 1:
        return None
    ph = t.block(outside.pop())
    if middle.name in ph.successors() or ph.name in middle.successors():
        return None
    preds = [b for b in t.blocks if ph.name in b.successors()]
    exit_phis = [i for i in exit_.instructions if isinstance(i, Phi) and middle.name in i.blocks
                 and scalar.name in i.blocks]
    middle.instructions[-1] = Br(middle.instructions[-1].type, None, [ConstInt(I1, 1)], targets=[exit_.name, ph.name])
    names = {i.name for b in t.blocks for i in b.instructions if i.name}
    for phi in phis:
        latch, start = incoming(phi, scalar.name), incoming(phi, ph.name)
        taken = next((incoming(ep, middle.name) for ep in exit_phis if incoming(ep, scalar.name) is latch), None)
        holder = start if isinstance(start, Phi) and any(start is i for i in ph.instructions) else None
        first = incoming(holder, preds[0].name) if holder is not None else start
        d = _induction_step(phi, scalar)
        if taken is not None:
            resume: Value = taken
        elif d is not None and isinstance(first, ConstInt | Argument) and isinstance(n_vec.type, IntType):
            resume = _resume_of_induction(middle, n_vec, phi, first, d, _fresh(f"{phi.name or 'iv'}.resume", names))
        else:
            raise WitnessError(f"the middle block goes straight to the exit, and the scalar loop's %{phi.name} "
                               "has no resume value (neither an induction nor a value the exit takes)")
        if holder is None:
            holder = Phi(phi.type, _fresh(f"bc.{phi.name or 'v'}", names), [start] * len(preds),
                         blocks=[b.name for b in preds])
            ph.instructions.insert(0, holder)
            phi.operands = [holder if b == ph.name else v for v, b in zip(phi.operands, phi.blocks, strict=True)]
        holder.operands.append(resume)
        holder.blocks.append(middle.name)
    return t


def _exit_uses(t: Function, src: Function, exit_: Block, src_exit: Block, vector: set[str],
               loop: Block) -> list[tuple[Value, Value]]:
    """The values of the vector path the exit block uses other than in phis, each with the
    source loop's value used in the same place of the source's exit block (its
    instructions other than phis, in order; an LCSSA phi of the source read as its value
    from the loop). WitnessError where there are uses elsewhere or no such match."""
    owner = {id(i): b.name for b in t.blocks for i in b.instructions}
    in_loop = {id(i) for i in loop.instructions}
    lcssa = {id(i): incoming(i, loop.name) for i in src_exit.instructions if isinstance(i, Phi) and loop.name in i.blocks}
    tis = [i for i in exit_.instructions if not isinstance(i, Phi)]
    sis = [i for i in src_exit.instructions if not isinstance(i, Phi)]
    for b in t.blocks:
        if b is exit_ or b.name in vector:
            continue
        for i in b.instructions:
            if any(owner.get(id(op)) in vector for op in i.operands):
                raise WitnessError(f"no remainder, and block {b.name} uses a value of the vector loop")
    out: list[tuple[Value, Value]] = []
    seen: set[int] = set()
    for k, ti in enumerate(tis):
        for j, op in enumerate(ti.operands):
            if owner.get(id(op)) not in vector or id(op) in seen:
                continue
            si = sis[k] if len(sis) == len(tis) else None
            v = si.operands[j] if si is not None and j < len(si.operands) else None
            v = lcssa.get(id(v), v) if v is not None else None
            if v is None or id(v) not in in_loop:
                raise WitnessError(f"no remainder, and the exit's use of %{op.name} matches no value of the source's loop")
            seen.add(id(op))
            out.append((op, v))
    return out


def _replace_in(block: Block, old: Value, new: Value) -> None:
    for i in block.instructions:
        if not isinstance(i, Phi):
            i.operands = [new if op is old else op for op in i.operands]


def _fresh(name: str, taken: set[str]) -> str:
    out, k = name, 0
    while out in taken:
        k += 1
        out = f"{name}{k}"
    taken.add(out)
    return out


__all__ = ["graft_remainder", "resume_edge", "unfold_resumes"]
