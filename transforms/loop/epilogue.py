"""The vectorized epilogue: LoopVectorize's second vector loop, of fewer lanes, that runs
what the interleaved main loop leaves over before the scalar loop runs the rest.

::

    iter.check: tc, min.epilog.iters.check = tc < VFe ──yes──────────────────────┐
       │no                                                                        │
    vector.main.loop.iter.check: min.iters.check = tc < VF*UF ──yes──┐           │
       │no                                                            │           │
    vector.ph, vector.body (VF x UF), middle.block ──cmp.n──> exit    │           │
       │no                                                            │           │
    vec.epilog.iter.check: n.vec.remaining = tc - n.vec,              │           │
       │   min.epilog.iters.check = n.vec.remaining < VFe ──yes──────┼───────┐   │
       │no                                                            │       │   │
    vec.epilog.ph: vec.epilog.resume.val = phi [n.vec, ...], [0, ...] <┘       │   │
       │   n.vec2 = tc - tc % VFe, the recurrences' and reductions' merge phis │   │
    vec.epilog.vector.body: index from vec.epilog.resume.val, the body widened │   │
       │   by VFe, until index.next == n.vec2                                  │   │
    vec.epilog.middle.block: live-outs, cmp.n = tc == n.vec2 ──yes──> exit     │   │
       │no                                                                     │   │
    vec.epilog.scalar.ph: resume phis [start, iter.check], [main's, vec.epilog.iter.check],
       │                  [epilogue's, vec.epilog.middle.block]  <──────────────┴───┘
    the original loop

The epilogue loop counts the same index as the main loop (from the main loop's
``n.vec``, or 0 when the main loop was skipped) against the same trip count, so its
induction is ``start + index`` as the main loop's is: the witness of its step is the
main loop's of one part of VFe lanes (``epiwitness.py``). VFe divides VF*UF and is
smaller, so a remainder of VFe or more after the main loop runs at least one epilogue
iteration. A reduction's epilogue accumulator starts from ``bc.merge.rdx``, the main
loop's result (or the initial value when the main loop was skipped), as LoopVectorize's
does: the epilogue's fold has it as its initial value. With a load group whose gap is at
its end, the epilogue keeps an iteration for the scalar loop as the main loop does
(``min.epilog.iters.check`` is ``<=``, ``n.vec2 = tc - (tc % VFe == 0 ? VFe : tc % VFe)``).
A trip count that may be undef gets no epilogue (its entry checks would take the solver
minutes).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from vecverify.ir.function import Block, Function
from vecverify.ir.types import FloatType, IntType, VectorType
from vecverify.ir.values import (
    Argument,
    BinOp,
    Br,
    Cast,
    ConstInt,
    ConstPoison,
    ExtractElement,
    Freeze,
    ICmp,
    InsertElement,
    Phi,
    Value,
)

from ..vectorize.costs import Target
from .codegen import (
    I1,
    I32,
    Adder,
    LoopBlocks,
    VectorLoop,
    Widener,
    close_vector_loop,
    exit_value,
    reduce_call,
    reduction_start,
    void_type,
    widened_live_outs,
)
from .cost import vector_iteration_cost
from .groups import keep_last_iteration
from .induction import incoming
from .legality import LoopPlan
from .structure import Decline


@dataclass
class EpilogueLoop(VectorLoop):
    """The main vector loop (its fields) with a vectorized epilogue after it."""

    epilogue: VectorLoop | None = None  # the epilogue loop: VFe lanes, one part
    main_check: Block | None = None  # vector.main.loop.iter.check
    epilogue_check: Block | None = None  # vec.epilog.iter.check
    # id(reduction phi) -> its bc.merge.rdx phi in vec.epilog.ph (the epilogue's start)
    merges: dict[int, Phi] = field(default_factory=dict)

    def entry_path(self) -> list[tuple[Block, str]]:
        assert self.main_check is not None
        return [(self.iter_check, self.main_check.name), (self.main_check, self.vector_ph.name)]

    def resume_edge(self) -> str:
        assert self.epilogue_check is not None
        return self.epilogue_check.name


def epilogue_vf(plan: LoopPlan, vf: int, uf: int, forced: int | None, target: Target | None = None) -> int:
    """The epilogue's lanes for a main loop of VF x UF (0: no vectorized epilogue).
    ``forced``: 0 turns it off, N asks for N lanes. By default at most 64 bits of the
    narrowest element loaded or stored (8 x i8, 4 x i16, 4 x i32; the witness of a wider
    epilogue's step takes the solver longer), at least 4 lanes and at most VF; with a
    target, the cost model's choice for short trip counts between 4 lanes and that
    (``short_trip_vf``)."""
    if forced == 0:
        return 0
    narrowest = min((a.value_type.bits for a in plan.accesses if isinstance(a.value_type, IntType | FloatType)),
                    default=plan.widest_bits)
    widest = min(vf, max(4, 64 // max(8, narrowest)))
    if forced is not None:
        vfe = forced
    elif target is not None:
        vfe = short_trip_vf(plan, vf * uf, target, min(4, widest), widest)
    else:
        vfe = widest
    if why := epilogue_decline(plan):
        if forced is not None:
            raise Decline(f"no vectorized epilogue: {why}")
        return 0
    if vfe < 2 or vfe & (vfe - 1) or vfe >= vf * uf or (plan.max_vf is not None and vfe > plan.max_vf):
        if forced is not None:
            raise Decline(f"epilogue VF {forced} is not possible after VF {vf} x UF {uf}")
        return 0
    return vfe


def short_trip_cost(plan: LoopPlan, lanes: int, vfe: int, target: Target) -> int:
    """What the trip counts 0 .. ``lanes``-1 cost together in an epilogue of ``vfe`` lanes
    and the scalar loop after it: each runs its whole vectors of VFe (a gap at a load
    group's end keeps a whole last vector for the scalar loop, as the code does) and its
    rest in scalar iterations (the cost model's per-iteration costs)."""
    scalar, vector = vector_iteration_cost(plan, vfe, target)
    total = 0
    for r in range(lanes):
        rem = r % vfe if r % vfe or not plan.requires_scalar_epilogue else min(r, vfe)
        total += (r - rem) // vfe * vector + rem * scalar
    return total


def short_trip_vf(plan: LoopPlan, lanes: int, target: Target, min_lanes: int, max_lanes: int) -> int:
    """The epilogue's lanes for what a main loop of ``lanes`` lanes per iteration leaves
    (and for loops shorter than that, which run in the epilogue alone): the power of two
    below ``lanes``, from ``min_lanes`` to ``max_lanes``, whose epilogue and scalar iterations cost
    the least over the remainders 0 .. lanes-1 (``short_trip_cost``), the wider on a tie.
    Fewer lanes run more of a short trip count in vector code; more lanes need fewer
    vector iterations: an interleave group with a gap, whose epilogue keeps a whole vector
    for the scalar loop, or an expensive scalar iteration, wants fewer."""
    best, best_cost = 0, 0
    vfe = min_lanes
    while vfe < lanes and vfe <= max_lanes:
        cost = short_trip_cost(plan, lanes, vfe, target)
        if best == 0 or cost <= best_cost:
            best, best_cost = vfe, cost
        vfe *= 2
    return best


def epilogue_decline(plan: LoopPlan) -> str:
    """Why the loop gets no vectorized epilogue ("" when it may have one)."""
    ind = plan.induction
    if not (_one_value(ind.bound) and _one_value(ind.start)):
        # Every use of a trip count that may be undef is a choice of its own: the
        # epilogue's entry checks (the main loop's n.vec against the epilogue's) then
        # take the solver minutes. clang's C parameters are noundef.
        return "the trip count may be undef (its bound or start is not a noundef value)"
    return ""


def add_epilogue(vl: VectorLoop, vfe: int) -> EpilogueLoop:
    """Put a vector loop of ``vfe`` lanes between ``vl``'s middle block and its scalar
    loop (in place: ``vl``'s function is the vectorizer's copy)."""
    plan = vl.plan
    loop, ind = plan.loop, plan.induction
    fn = loop.fn
    it = ind.type
    blocks = LoopBlocks(fn.blocks)
    vmlic, vec_check, eph, ebody, emiddle = (blocks.new(n) for n in (
        "vector.main.loop.iter.check", "vec.epilog.iter.check", "vec.epilog.ph", "vec.epilog.vector.body",
        "vec.epilog.middle.block"))
    sph = vl.scalar_ph
    _rename(fn, sph, blocks.new("vec.epilog.scalar.ph").name)
    # iter.check: too few iterations for the epilogue -> the scalar loop; else the main
    # loop's test moves to vector.main.loop.iter.check, whose "too few" is the epilogue.
    check = vl.iter_check
    small_main = check.instructions[-2]
    assert isinstance(small_main, ICmp) and small_main.name == "min.iters.check", small_main
    del check.instructions[-2:]
    c = Adder(check)
    # (a load group with a gap at its end: every vector loop leaves an iteration)
    fewer = "ule" if plan.requires_scalar_epilogue else "ult"
    small_epi = c(ICmp(I1, "min.epilog.iters.check", [vl.tc, ConstInt(it, vfe)], pred=fewer))
    check.instructions.append(Br(void_type(), None, [small_epi], targets=[sph.name, vmlic.name]))
    vmlic.instructions += [small_main, Br(void_type(), None, [small_main], targets=[eph.name, vl.vector_ph.name])]
    # middle.block goes on to vec.epilog.iter.check, which hands the main loop's values on.
    term = vl.middle.instructions[-1]
    assert isinstance(term, Br)
    term.targets = [vec_check.name if t == sph.name else t for t in term.targets]
    for phi in loop.phis:
        r = vl.resume[id(phi)]
        r.blocks = [vec_check.name if b == vl.middle.name else b for b in r.blocks]
    v = Adder(vec_check)
    remaining = v(BinOp(it, "n.vec.remaining", [vl.tc, vl.n_vec], op="sub"))
    small_rest = v(ICmp(I1, "min.epilog.iters.check", [remaining, ConstInt(it, vfe)], pred=fewer))
    vec_check.instructions.append(Br(void_type(), None, [small_rest], targets=[sph.name, eph.name]))
    merges: dict[int, Phi] = {}
    ep = _epilogue_loop(vl, vfe, vmlic, vec_check, eph, ebody, emiddle, merges)
    at = fn.blocks.index(check) + 1
    fn.blocks[at:at] = [vmlic]
    at = fn.blocks.index(vl.middle) + 1
    fn.blocks[at:at] = [vec_check, eph, ebody, emiddle]
    out = EpilogueLoop(plan, vl.vf, vl.iter_check, vl.vector_ph, vl.body, vl.middle, sph, vl.tc, vl.n_vec,
                       vl.index, vl.index_next, vl.uf, vl.vector_phis, vl.widened, vl.resume, vl.exit_values,
                       epilogue=ep, main_check=vmlic, epilogue_check=vec_check, merges=merges)
    return out


def _epilogue_loop(vl: VectorLoop, vfe: int, vmlic: Block, vec_check: Block, eph: Block, ebody: Block,
                   emiddle: Block, merges: dict[int, Phi]) -> VectorLoop:
    """vec.epilog.ph, vec.epilog.vector.body and vec.epilog.middle.block, wired to the
    scalar loop's resume phis and the exit block's phis."""
    plan = vl.plan
    loop, ind = plan.loop, plan.induction
    it = ind.type
    p = Adder(eph)
    resume_index = p(Phi(it, "vec.epilog.resume.val", [vl.n_vec, ConstInt(it, 0)],
                         blocks=[vec_check.name, vmlic.name]))
    n_mod: Value = p(BinOp(it, "n.mod.vf", [vl.tc, ConstInt(it, vfe)], op="urem"))
    if plan.requires_scalar_epilogue:
        n_mod = keep_last_iteration(n_mod, vfe, p)
    n_vec = p(BinOp(it, "n.vec", [vl.tc, n_mod], op="sub"))
    zero_start = isinstance(ind.start, ConstInt) and ind.start.value == 0
    ind_end: Value = n_vec if zero_start else p(BinOp(it, "ind.end", [ind.start, n_vec], op="add"))
    index = Phi(it, "index", [resume_index], blocks=[eph.name])
    ebody.instructions.append(index)
    w = Widener(plan, vfe, eph, ebody, index, zero_start)
    ep = VectorLoop(plan, vfe, vec_check, eph, ebody, emiddle, vl.scalar_ph, vl.tc, n_vec, index, index)
    last_lane: dict[int, Value] = {}
    for rec in plan.phis.recurrences:
        # The recurrence goes on from the main loop's last value (or the initial one).
        merge = p(Phi(rec.phi.type, "scalar.recur.init", [incoming(vl.resume[id(rec.phi)], vec_check.name), rec.init],
                      blocks=[vec_check.name, vmlic.name]))
        vt = VectorType(vfe, rec.phi.type)  # type: ignore[arg-type]
        init = p(InsertElement(vt, "vector.recur.init", [ConstPoison(vt), merge, ConstInt(I32, vfe - 1)]))
        vphi = Phi(vt, "vector.recur", [init], blocks=[eph.name])
        ebody.instructions.append(vphi)
        ep.vector_phis[id(rec.phi)] = [vphi]
        w.previous[id(rec.phi)] = vphi
    rdx: dict[int, Value] = {}
    for red in plan.phis.reductions:
        # The accumulator starts from the main loop's result (or the initial value):
        # the epilogue's fold has it as its initial value (folds.py).
        merge = Phi(red.phi.type, "bc.merge.rdx", [incoming(vl.resume[id(red.phi)], vec_check.name), red.init],
                    blocks=[vec_check.name, vmlic.name])
        p(merge)
        merges[id(red.phi)] = merge
        vphi = Phi(VectorType(vfe, red.phi.type), "vec.phi",  # type: ignore[arg-type]
                   [reduction_start(replace(red, init=merge), vfe, w, p)], blocks=[eph.name])
        ebody.instructions.append(vphi)
        ep.vector_phis[id(red.phi)] = [vphi]
        w.vector_phis[id(red.phi)] = vphi
    # The merge phis are phis: they come first in vec.epilog.ph.
    eph.instructions.sort(key=lambda i: not isinstance(i, Phi))
    w.emit_body()
    for rec in plan.phis.recurrences:
        vphi = ep.vector_phis[id(rec.phi)][0]
        vphi.operands.append(w.widen(rec.previous))
        vphi.blocks.append(ebody.name)
    for red in plan.phis.reductions:
        vphi = ep.vector_phis[id(red.phi)][0]
        vphi.operands.append(w.widen(red.result))
        vphi.blocks.append(ebody.name)
    live = widened_live_outs(plan, w)
    index_next = close_vector_loop(ebody, index, vfe, n_vec, emiddle.name)
    ep.index_next, ep.widened = index_next, w.vectors
    m = Adder(emiddle)
    for red in plan.phis.reductions:
        rdx[id(red.phi)] = m(reduce_call(red, w.widen(red.result), "rdx"))
    for rec in plan.phis.recurrences:
        last_lane[id(rec.phi)] = m(ExtractElement(rec.phi.type, "vector.recur.extract",
                                                  [w.widen(rec.previous), ConstInt(I32, vfe - 1)]))
    for ephi in plan.exit_phis:
        ep.exit_values[id(ephi)] = exit_value(plan, incoming(ephi, loop.header.name), vfe, m, w, rdx, ind_end, live)
    cmp_n = m(ICmp(I1, "cmp.n", [vl.tc, n_vec], pred="eq"))
    emiddle.instructions.append(Br(void_type(), None, [cmp_n], targets=[loop.exit.name, vl.scalar_ph.name]))
    resume_from: dict[int, Value] = {id(ind.phi): ind_end, **rdx, **last_lane}
    for phi in loop.phis:
        r = vl.resume[id(phi)]
        r.operands.append(resume_from[id(phi)])
        r.blocks.append(emiddle.name)
        ep.resume[id(phi)] = r
    for ephi in plan.exit_phis:
        ephi.operands.append(ep.exit_values[id(ephi)])
        ephi.blocks.append(emiddle.name)
    eph.instructions.append(Br(void_type(), None, [], targets=[ebody.name]))  # after the splats
    return ep


def _one_value(v: Value) -> bool:
    """Whether ``v`` is never undef: a constant, a noundef argument, a frozen value, or
    arithmetic and casts of those."""
    if isinstance(v, ConstInt | Freeze):
        return True
    if isinstance(v, Argument):
        return v.attrs.noundef
    return isinstance(v, Cast | BinOp) and all(_one_value(op) for op in v.operands)


def _rename(fn: Function, block: Block, name: str) -> None:
    """Give ``block`` a new name, in every branch and phi of ``fn`` too."""
    old = block.name
    block.name = name
    for b in fn.blocks:
        for inst in b.instructions:
            if isinstance(inst, Br):
                inst.targets = [name if t == old else t for t in inst.targets]
            elif isinstance(inst, Phi):
                inst.blocks = [name if x == old else x for x in inst.blocks]
