"""The branches into the vector loop: where one is poison, the source is UB too.

The target branches on each condition on its way into ``vector.ph`` (the loop's guard,
``min.iters.check``, ``vector.memcheck``, ...): where one it reaches is poison, the target
is UB, which refines the source only if the source is UB for those inputs too. The
witness's obligations take these conditions as assumptions on the vector path, so this is
checked apart, by one straight-line obligation (``bypass_poison``):

* the source runs from its entry, through unconditional branches, to its first
  conditional branch, on condition ``d`` (a call that is not a pure intrinsic, a block
  visited twice or any other terminator on the way: no obligation);
* ``@src`` is that run, returning ``d``;
* ``@tgt`` is the same run (so it is UB exactly where ``@src`` is), returning
  ``select(c1, select(c2, ..., fz), fz)`` with ``fz = freeze(d)`` and each ``ci`` the
  target's condition to go on towards the vector loop: it is poison exactly where a
  condition the target reaches is poison, and a defined value refining ``d`` elsewhere.

So ``@tgt`` refines ``@src`` exactly where, whenever a condition the target reaches on its
way into the vector loop is poison and the source's run is not UB, the source's first
branch is on poison: the source is UB. A condition computed from something other than
the arguments and constants (a load, a phi) becomes a parameter of its own, and the
obligation then fails: the verdict keeps saying the condition was taken as not poison.
"""

from __future__ import annotations

from ..ir.function import Function
from ..ir.values import Br, Call, Freeze, Phi, Select, Value
from .obligation import Obligation, Params, Side, WitnessError, _pure, goes_to
from .shape import LoopShape, incoming


def _first_branch(side: Side, src: Function) -> Value:
    """The source run from its entry to its first conditional branch, cloned into
    ``side``: that branch's condition there."""
    blocks = {b.name: b for b in src.blocks}
    blk, prev, seen = src.blocks[0], "", set()
    while True:
        if blk.name in seen:
            raise WitnessError(f"block {blk.name} is reached twice without a conditional branch")
        seen.add(blk.name)
        entries = {id(p): side.value(incoming(p, prev)) for p in blk.instructions if isinstance(p, Phi)}
        side.vmap.update(entries)
        for inst in blk.instructions[:-1]:
            if isinstance(inst, Phi):
                continue
            if isinstance(inst, Call) and not _pure(inst):
                raise WitnessError(f"a call (@{inst.callee}) before the source's first branch")
            side.clone(inst)
        term = blk.instructions[-1]
        if not isinstance(term, Br):
            raise WitnessError(f"the source's block {blk.name} ends in {term.opcode} before any branch")
        if term.operands:
            return side.value(term.operands[0])
        prev, blk = blk.name, blocks[term.targets[0]]


def first_branch_condition(src: Function) -> Value | None:
    """The condition of the source's first conditional branch, where every execution
    reaches it (no call that is not a pure intrinsic before it, no block twice): the
    source is UB wherever it is poison or undef, so the obligations may take it as
    defined (``Inference`` assumes it on their source side)."""
    blocks = {b.name: b for b in src.blocks}
    blk, seen = src.blocks[0], set()
    while blk.name not in seen:
        seen.add(blk.name)
        if any(isinstance(i, Call) and not _pure(i) for i in blk.instructions):
            return None
        term = blk.instructions[-1]
        if not isinstance(term, Br):
            return None
        if term.operands:
            return term.operands[0]
        blk = blocks[term.targets[0]]
    return None


def bypass_poison(src: Function, shape: LoopShape) -> Obligation:
    """The obligation above (WitnessError where the source's run cannot be read)."""
    params = Params(args_not_undef=True)
    s, t = Side("src", params, src), Side("tgt", params, src)
    for a, b in zip(shape.fn.args, src.args, strict=True):
        t.vmap[id(a)] = t.vmap[id(b)]
    # the target's conditions first: they read memory as it is at the function's entry
    towards = [goes_to(t, blk, target) for blk, target in shape.path]
    d_src = _first_branch(s, src)
    d_tgt = _first_branch(t, src)
    fz = t.emit(Freeze(d_tgt.type, None, [d_tgt]))
    out: Value = fz
    for c in reversed(towards):
        out = t.emit(Select(fz.type, None, [c, out, fz]))
    return Obligation("bypass-poison", s.finish([d_src]), t.finish([out]))
