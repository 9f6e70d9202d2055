"""Code generation: LoopVectorize's shape around the scalar loop.

::

    preheader ──> iter.check: tc, min.iters.check = tc < VF ──yes──> scalar.ph
                     │no
                  vector.ph: n.vec = tc - tc % VF, recurrence and reduction starts, splats
                     │
                  vector.body: index, vector phis, the body widened by VF,
                     │          index.next = index + VF, until index.next == n.vec
                  middle.block: final reductions, recurrence extracts, live-out extracts,
                     │           cmp.n = tc == n.vec ──yes──> exit (its phis get the extracts)
                  scalar.ph: resume phis (from middle.block, or the start values)
                     │
                  the original loop (the scalar epilogue) ──> exit

Memory instructions keep their order in the vector body; pure instructions are computed
when first needed, which also places a recurrence's users after its splice (LLVM sinks
them; one that would have to pass a memory access is declined). Flags stay on every
operation computed lane by lane; reduction links drop ``nsw``/``nuw``/``disjoint``
(reassociated, they may overflow where the scalar order did not) and keep fast-math flags.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field

from vecverify.ir.function import Block
from vecverify.ir.types import VOID, FloatType, IntType, Type, VectorType
from vecverify.ir.values import (
    BinOp,
    Br,
    Call,
    Cast,
    Constant,
    ConstFloat,
    ConstInt,
    ConstPoison,
    ConstVector,
    ExtractElement,
    FCmp,
    FNeg,
    Freeze,
    GetElementPtr,
    ICmp,
    InsertElement,
    Instruction,
    Load,
    Phi,
    Select,
    ShuffleVector,
    Store,
    Value,
    VScaleCall,
)

from .blend import BlendPlanner
from .gather import all_lanes, gather_call, indirect_pointers, scatter_call
from .groups import (
    SCALABLE_FACTORS,
    Group,
    group_of,
    keep_last_iteration,
    load_group,
    moved_members,
    store_group,
    write_group,
)
from .induction import incoming, trip_count
from .legality import WIDENABLE, LoopPlan, intrinsic_base
from .phis import Recurrence, Reduction
from .spread import SpreadEmitter, spread_shape, spread_windows
from .structorder import struct_order
from .structure import Decline

I32 = IntType(32)
I1 = IntType(1)


def type_suffix(t: Type) -> str:
    if isinstance(t, VectorType):
        if t.scalable:  # <vscale x N x T> at one vscale: nxvN
            return f"nxv{t.count // t.vscale}{type_suffix(t.elem)}"
        return f"v{t.count}{type_suffix(t.elem)}"
    if isinstance(t, FloatType):
        return f"f{t.bits}"
    assert isinstance(t, IntType), t
    return f"i{t.bits}"


def identity(kind: str, t: Type) -> Constant:
    """The value that leaves ``x kind e == x`` for every x: a reduction's lanes start
    with it (the epilogue form's min/max lanes start with the initial value instead).
    minnum/maxnum: +inf/-inf, an identity for every x but NaN (their reductions need
    ``nnan``), which their vector operations may hold only without ``ninf``
    (``lane_flags``)."""
    if isinstance(t, FloatType):
        # -0.0 + x is x for every x (+0.0 + -0.0 would be +0.0); 1.0 * x is x.
        negative_zero = 1 << (t.bits - 1)
        one = ((1 << (t.ebits - 1)) - 1) << (t.sbits - 1)  # biased exponent 0, fraction 0
        infinity = ((1 << t.ebits) - 1) << (t.sbits - 1)  # exponent all ones, fraction 0
        return ConstFloat(t, {"fadd": negative_zero, "fmul": one, "fmin": infinity,
                              "fmax": negative_zero | infinity}[kind])
    assert isinstance(t, IntType)
    value = {"add": 0, "or": 0, "xor": 0, "umax": 0, "mul": 1, "and": -1, "umin": -1,
             "smax": 1 << (t.bits - 1), "smin": (1 << (t.bits - 1)) - 1}[kind]
    return ConstInt(t, value)


def lane_flags(red: Reduction) -> frozenset[str]:
    """The fast-math flags of a reduction's vector operations: the scalar chain's (its
    reorder licence: see folds.py), without ``ninf`` for minnum/maxnum, whose lanes may
    hold their identity, an infinity (``identity``; poison under ``ninf``)."""
    return red.flags - {"ninf"} if red.kind in ("fmin", "fmax") else red.flags


def reduce_call(red: Reduction, vec: Value, name: str) -> Call:
    """``llvm.vector.reduce.<kind>`` of ``vec``: the middle block's final reduction, and
    the witness's reading of the accumulator."""
    t = red.phi.type
    # fadd/fmul take a start value: the identity, so the call folds the lanes alone.
    ops = [identity(red.kind, t), vec] if red.kind in ("fadd", "fmul") else [vec]
    return Call(t, name, ops, callee=f"llvm.vector.reduce.{red.kind}.{type_suffix(vec.type)}", flags=lane_flags(red))


def combine_parts(red: Reduction, parts: list[Value], emit: Callable[[Instruction], Instruction]) -> Value:
    """The UF accumulators of an interleaved reduction folded into one vector, lane by
    lane, in part order (``bin.rdx``): what the middle block reduces, and the witness
    reads. One part is itself."""
    acc = parts[0]
    for part in parts[1:]:
        if red.kind in LANEWISE_INTRINSIC:
            callee = f"llvm.{LANEWISE_INTRINSIC[red.kind]}.{type_suffix(acc.type)}"
            acc = emit(Call(acc.type, "bin.rdx", [acc, part], callee=callee, flags=lane_flags(red)))
        else:
            acc = emit(BinOp(acc.type, "bin.rdx", [acc, part], op=red.kind, flags=lane_flags(red)))
    return acc


# The lane-wise operation of each min/max reduction kind.
LANEWISE_INTRINSIC = {"smin": "smin", "smax": "smax", "umin": "umin", "umax": "umax",
                      "fmin": "minnum", "fmax": "maxnum"}


@dataclass
class VectorLoop:
    """What codegen made (in the output function), for the report and the witness."""

    plan: LoopPlan
    vf: int
    iter_check: Block
    vector_ph: Block
    body: Block
    middle: Block
    scalar_ph: Block
    tc: Value
    n_vec: Value
    index: Phi
    index_next: Instruction
    uf: int = 1  # parts: each vector iteration runs VF*UF scalar iterations
    # id(scalar phi) -> its vector phis: one for a recurrence (the last part's vector),
    # one per part for a reduction (its UF accumulators)
    vector_phis: dict[int, list[Phi]] = field(default_factory=dict)
    widened: dict[int, Value] = field(default_factory=dict)  # id(scalar value) -> the last part's vector
    resume: dict[int, Phi] = field(default_factory=dict)  # id(scalar header phi) -> scalar.ph phi
    exit_values: dict[int, Value] = field(default_factory=dict)  # id(exit phi) -> middle's value

    @property
    def lanes(self) -> int:
        """Scalar iterations per vector iteration."""
        return self.vf * self.uf

    def entry_path(self) -> list[tuple[Block, str]]:
        """The blocks from iter.check to vector.ph, each with the successor it takes to
        enter the vector loop (the witness's entry check; ``epilogue.py`` has two)."""
        return [(self.iter_check, self.vector_ph.name)]

    def resume_edge(self) -> str:
        """The block whose edge hands the vector loop's values to the resume phis."""
        return self.middle.name


class LoopBlocks:
    def __init__(self, fn_blocks: list[Block]) -> None:
        self.taken = {b.name for b in fn_blocks}

    def new(self, name: str) -> Block:
        n, k = name, 1
        while n in self.taken:
            n, k = f"{name}{k}", k + 1
        self.taken.add(n)
        return Block(n, [])


def vectorize(plan: LoopPlan, vf: int, uf: int = 1, vscale: int = 0) -> VectorLoop:
    """Rewrite ``plan.loop``'s function in place (a copy of the input) or raise Decline
    before changing anything. ``uf`` parts of VF lanes each per vector iteration
    (LoopVectorize's interleave count): part p computes iterations index + p*VF ...
    ``vscale`` (not 0): the vector-length-agnostic form (``--vla``, vla.py) read at that
    vscale, ``vf`` = vscale x N lanes a part (part p's first lane at ``p x vf``, a value)."""
    loop, ind = plan.loop, plan.induction
    fn = loop.fn
    bad = [g.factor for g in plan.groups if g.factor not in SCALABLE_FACTORS]
    if vscale and bad:
        raise Decline(f"--vla: an interleave group of factor {bad[0]} (de-interleaved at factors "
                      f"{', '.join(map(str, SCALABLE_FACTORS))})")
    if vscale and any(g.gaps for g in plan.groups):
        raise Decline("--vla: a store group with gaps (written struct by struct at a fixed VF only)")
    blocks = LoopBlocks(fn.blocks)
    check, ph, body, middle, sph = (blocks.new(n) for n in
                                    ("iter.check", "vector.ph", "vector.body", "middle.block", "scalar.ph"))
    it = ind.type
    step = vf * uf

    def add(block: Block) -> Adder:
        return Adder(block)

    # iter.check: trip count and the minimum-iterations test.
    a = add(check)
    tc = trip_count(ind, a)
    keep_last = plan.requires_scalar_epilogue  # a load group with a gap at its end
    # The lanes of a vector iteration: a constant, or vscale x N (times UF).
    lanes: Value = ConstInt(it, step) if not vscale else scalable_lanes(a, it, vf // vscale, vscale)  # type: ignore[arg-type]
    part_lanes = lanes
    if vscale and uf > 1:
        lanes = a(BinOp(it, "step", [part_lanes, ConstInt(it, uf)], op="mul", flags=frozenset({"nuw"})))
    small = a(ICmp(I1, "min.iters.check", [tc, lanes], pred="ule" if keep_last else "ult"))
    # vector.ph
    p = add(ph)
    n_mod: Value = p(BinOp(it, "n.mod.vf", [tc, lanes], op="urem"))
    if keep_last:
        n_mod = keep_last_iteration(n_mod, step if not vscale else lanes, p)
    n_vec = p(BinOp(it, "n.vec", [tc, n_mod], op="sub"))
    zero_start = isinstance(ind.start, ConstInt) and ind.start.value == 0
    ind_end: Value = n_vec if zero_start else p(BinOp(it, "ind.end", [ind.start, n_vec], op="add"))
    # vector.body
    index = Phi(it, "index", [ConstInt(it, 0)], blocks=[ph.name])
    body.instructions.append(index)
    splats: dict[int, Value] = {}
    parts = [Widener(plan, vf, ph, body, index, zero_start, part, splats) for part in range(uf)]
    for w in parts:
        w.vscale = vscale
        if vscale and w.part:  # part p starts p x (vscale x N) lanes on
            w.offset = part_lanes if w.part == 1 else p(BinOp(it, f"part{w.part}.offset", [
                part_lanes, ConstInt(it, w.part)], op="mul", flags=frozenset({"nuw"})))
    last = parts[-1]
    # Lanes counted from the end (VF-1, VF-2): constants, or from vscale x N.
    lane_last: Value = ConstInt(I32, vf - 1)
    lane_before: Value = ConstInt(I32, vf - 2)
    if vscale:
        lane_last = p(BinOp(it, "lane.last", [part_lanes, ConstInt(it, -1)], op="add"))  # type: ignore[arg-type]
        lane_before = p(BinOp(it, "lane.before.last", [part_lanes, ConstInt(it, -2)], op="add"))  # type: ignore[arg-type]
    vl = VectorLoop(plan, vf, check, ph, body, middle, sph, tc, n_vec, index, index, uf)  # index_next set below
    for rec in plan.phis.recurrences:
        vt = VectorType(vf, rec.phi.type, vscale)  # type: ignore[arg-type]
        init = p(InsertElement(vt, "vector.recur.init", [ConstPoison(vt), rec.init, lane_last]))
        vphi = Phi(vt, "vector.recur", [init], blocks=[ph.name])
        body.instructions.append(vphi)
        vl.vector_phis[id(rec.phi)] = [vphi]
        # Part 0 splices the phi (the last part's vector of the previous iteration) with
        # its own; part p splices part p-1's with its own.
        parts[0].previous[id(rec.phi)] = vphi
        for k in range(1, uf):
            parts[k].previous[id(rec.phi)] = parts[k - 1]
    for red in plan.phis.reductions:
        vt = VectorType(vf, red.phi.type, vscale)  # type: ignore[arg-type]
        vl.vector_phis[id(red.phi)] = []
        for part in parts:
            vphi = Phi(vt, "vec.phi", [reduction_start(red, vf, part, p)], blocks=[ph.name])
            body.instructions.append(vphi)
            vl.vector_phis[id(red.phi)].append(vphi)
            part.vector_phis[id(red.phi)] = vphi
    # Each memory instruction for every part, in the body's order (LoopVectorize's order;
    # the dependences were checked for VF*UF iterations at once).
    for inst in loop.body:
        if _is_memory(inst):
            for part in parts:
                part.emit_memory(inst)
    for rec in plan.phis.recurrences:
        vphi = vl.vector_phis[id(rec.phi)][0]
        vphi.operands.append(last.widen(rec.previous))
        vphi.blocks.append(body.name)
    for red in plan.phis.reductions:
        for part, vphi in zip(parts, vl.vector_phis[id(red.phi)], strict=True):
            vphi.operands.append(part.widen(red.result))
            vphi.blocks.append(body.name)
    # Live-outs that are computed in the loop and are not phis: the last lane of the last part.
    live = widened_live_outs(plan, last)
    index_next = close_vector_loop(body, index, step if not vscale else lanes, n_vec, middle.name)
    vl.index_next = index_next
    vl.widened = last.vectors
    # middle.block
    m = add(middle)
    rdx: dict[int, Value] = {}
    for red in plan.phis.reductions:
        folded = combine_parts(red, [part.widen(red.result) for part in parts], m)
        rdx[id(red.phi)] = m(reduce_call(red, folded, "rdx"))
    last_lane: dict[int, Value] = {}
    for rec in plan.phis.recurrences:
        cur = last.widen(rec.previous)
        last_lane[id(rec.phi)] = m(ExtractElement(rec.phi.type, "vector.recur.extract", [cur, lane_last]))
    for ephi in plan.exit_phis:
        vl.exit_values[id(ephi)] = exit_value(plan, incoming(ephi, loop.header.name), (lane_last, lane_before), m,
                                              last, rdx, ind_end, live)
    cmp_n = m(ICmp(I1, "cmp.n", [tc, n_vec], pred="eq"))
    middle.instructions.append(Br(void_type(), None, [cmp_n], targets=[loop.exit.name, sph.name]))
    # scalar.ph: resume phis; the original loop enters from there.
    resume_from: dict[int, Value] = {id(ind.phi): ind_end, **rdx, **last_lane}
    for phi in loop.phis:
        start_v = incoming(phi, loop.preheader.name)
        r = Phi(phi.type, _resume_name(plan, phi), [resume_from[id(phi)], start_v], blocks=[middle.name, check.name])
        sph.instructions.append(r)
        vl.resume[id(phi)] = r
        phi.operands = [r if blk == loop.preheader.name else op for op, blk in zip(phi.operands, phi.blocks, strict=True)]
        phi.blocks = [sph.name if blk == loop.preheader.name else blk for blk in phi.blocks]
    sph.instructions.append(Br(void_type(), None, [], targets=[loop.header.name]))
    # Close the new blocks, wire them in.
    check.instructions.append(Br(void_type(), None, [small], targets=[sph.name, ph.name]))
    ph.instructions.append(Br(void_type(), None, [], targets=[body.name]))
    term = loop.preheader.instructions[-1]
    assert isinstance(term, Br)
    term.targets = [check.name if t == loop.header.name else t for t in term.targets]
    for ephi in plan.exit_phis:
        ephi.operands.append(vl.exit_values[id(ephi)])
        ephi.blocks.append(middle.name)
    at = fn.blocks.index(loop.header)
    fn.blocks[at:at] = [check, ph, body, middle, sph]
    return vl


def reduction_start(red: Reduction, vf: int, w: Widener, p: Adder) -> Value:
    """The accumulator's start (in vector.ph) for ``w``'s part: the identity with the
    initial value in lane 0 (part 0; the identity alone in the other parts), or for
    min/max the initial value in every lane (of every part)."""
    vt = w.vt(red.phi.type)
    if red.kind in LANEWISE_INTRINSIC:
        return w.splat(red.init, "minmax.ident")
    ident = ConstVector(vt, tuple(identity(red.kind, red.phi.type) for _ in range(vf)))
    if w.part:
        return ident
    return p(InsertElement(vt, "red.init", [ident, red.init, ConstInt(I32, 0)]))


def exit_value(plan: LoopPlan, v: Value, lanes: int | tuple[Value, Value], m: Adder, w: Widener,
               rdx: dict[int, Value], ind_end: Value, live: dict[int, Value]) -> Value:
    """The value an exit phi gets from the middle block; ``lanes``: VF, or the lanes VF-1
    and VF-2 as values (vscale x N - 1, - 2)."""
    last_lane, before = (ConstInt(I32, lanes - 1), ConstInt(I32, lanes - 2)) if isinstance(lanes, int) else lanes
    loop, ind = plan.loop, plan.induction
    if not loop.contains(v):
        return v
    if v is ind.next:
        return ind_end
    if v is ind.phi:
        return m(BinOp(ind.type, "ind.escape", [ind_end, ConstInt(ind.type, -1)], op="add"))
    for red in plan.phis.reductions:
        if v is red.result:
            return rdx[id(red.phi)]
    for rec in plan.phis.recurrences:
        if v is rec.phi:
            cur = w.widen(rec.previous)
            return m(ExtractElement(v.type, "vector.recur.extract.for.phi", [cur, before]))
    return m(ExtractElement(v.type, f"{v.name}.last" if v.name and not v.name.isdigit() else None,
                            [live[id(v)], last_lane]))


def _resume_name(plan: LoopPlan, phi: Phi) -> str:
    if phi is plan.induction.phi:
        return "bc.resume.val"
    if any(phi is r.phi for r in plan.phis.recurrences):
        return "scalar.recur.init"
    return "bc.merge.rdx"


def scalable_lanes(p: Adder, it: IntType, n: int, vscale: int) -> Value:
    """``vscale x N`` in the induction's type: the lanes of one scalable vector."""
    vs = p(VScaleCall(it, "vscale", [], callee=f"llvm.vscale.{it}", vscale=vscale))
    return p(BinOp(it, "vf", [vs, ConstInt(it, n)], op="mul", flags=frozenset({"nuw"})))


def widened_live_outs(plan: LoopPlan, w: Widener) -> dict[int, Value]:
    """The vectors of the values used after the loop that the loop computes and that are
    neither phis nor reduction results (their last lane leaves the loop)."""
    loop = plan.loop
    live: dict[int, Value] = {}
    for ephi in plan.exit_phis:
        out_v = incoming(ephi, loop.header.name)
        if loop.contains(out_v) and not isinstance(out_v, Phi) and \
                not any(out_v is r.result for r in plan.phis.reductions):
            live[id(out_v)] = w.widen(out_v)
    return live


def close_vector_loop(body: Block, index: Phi, step: int | Value, n_vec: Value, exit_to: str) -> Instruction:
    """The end of a vector body: ``index.next = index + step`` (``nuw``: it never passes
    n.vec; ``step`` a value for ``vscale x N``), the back edge into ``index``, and the
    branch to ``exit_to`` once it reaches ``n_vec``. Returns index.next."""
    it = index.type
    assert isinstance(it, IntType)  # the induction's
    b = Adder(body)
    by = ConstInt(it, step) if isinstance(step, int) else step
    index_next = b(BinOp(it, "index.next", [index, by], op="add", flags=frozenset({"nuw"})))
    index.operands.append(index_next)
    index.blocks.append(body.name)
    done = b(ICmp(I1, None, [index_next, n_vec], pred="eq"))
    body.instructions.append(Br(void_type(), None, [done], targets=[exit_to, body.name]))
    return index_next


def void_type() -> Type:
    return VOID


class Adder:
    """Appends instructions to a block; calling it returns the instruction."""

    def __init__(self, block: Block) -> None:
        self.block = block

    def __call__(self, inst: Instruction) -> Instruction:
        self.block.instructions.append(inst)
        return inst

DIVISIONS = ("udiv", "sdiv", "urem", "srem")


class Widener:
    """One part of the vector body: ``widen(v)`` is v's vector of VF lanes in this part,
    ``lane0(v)`` its scalar value in the part's first lane (addresses). The parts share
    the splats of vector.ph. ``vscale`` (not 0): the vectors are ``<vscale x VF/vscale x T>``
    read at that vscale (``vectorize --vla``): only code that reads the same at every
    vscale (splats, ``llvm.stepvector``, ``llvm.vector.splice.right``)."""

    vscale = 0
    offset: Value | None = None  # at a vscale: this part's first lane, p x (vscale x N), a value

    def __init__(self, plan: LoopPlan, vf: int, ph: Block, body: Block, index: Phi, zero_start: bool,
                 part: int = 0, splats: dict[int, Value] | None = None) -> None:
        self.plan, self.vf, self.ph, self.body = plan, vf, ph, body
        self.loop = plan.loop
        self.ind = plan.induction
        self.part = part
        self.vectors: dict[int, Value] = {}
        self.scalars: dict[int, Value] = {}
        self.vector_phis: dict[int, Phi] = {}  # a reduction's accumulator of this part
        # a recurrence's previous vector: the vector phi (part 0) or the part before's
        self.previous: dict[int, Phi | Widener] = {}
        self.splats: dict[int, Value] = {} if splats is None else splats
        self.in_progress: set[int] = set()
        self.emitted_memory: set[int] = set()
        self.access = {id(a.inst): a for a in plan.accesses}
        self.index, self.zero_start = index, zero_start
        self._iv0: Value | None = None

    @property
    def iv0(self) -> Value:
        """The induction's value in the part's first lane: start + index + part*VF."""
        if self._iv0 is None:
            it = self.ind.type
            iv: Value = self.index if self.zero_start else \
                self._add(BinOp(it, "offset.idx", [self.ind.start, self.index], op="add"))
            if self.part:
                by = self.offset if self.offset is not None else ConstInt(it, self.part * self.vf)
                iv = self._add(BinOp(it, f"part{self.part}.idx", [iv, by], op="add"))
            self._iv0 = iv
        return self._iv0

    def _add(self, inst: Instruction) -> Instruction:
        self.body.instructions.append(inst)
        return inst

    @property
    def order(self) -> tuple[int, ...] | None:
        """The struct each lane computes where not the iterations in order
        (:mod:`.structorder`: load groups de-interleaved within 128-bit lanes)."""
        if not hasattr(self, "_order"):
            self._order = None if self.vscale else struct_order(self.plan, self.vf)
        return self._order

    @property
    def spread(self) -> SpreadEmitter | None:
        """The part's spread form (:mod:`.spread`: widened members on two 128-bit
        halves), or None."""
        if not hasattr(self, "_spread"):
            shape = None if self.vscale or self.order is not None else spread_shape(self.plan, self.vf)
            self._spread = None if shape is None else SpreadEmitter(self.plan, shape, {}, self._wide_splat, self._add)
        return self._spread

    def stored(self, v: Value) -> Value:
        """``v``'s vector for a contiguous store: lane k iteration k's value (put back in
        order where the part computes in a struct order or spread)."""
        if self.spread is not None:
            return self.spread.stored(v)
        val = self.widen(v)
        order = self.order
        if order is None or self.loop.is_invariant(v):
            return val
        back = tuple(order.index(k) for k in range(self.vf))
        return self._add(ShuffleVector(val.type, "lanes.in.order", [val, ConstPoison(val.type)], mask=back))

    def vt(self, t: Type) -> VectorType:
        assert isinstance(t, IntType | FloatType), t
        return VectorType(self.vf, t, self.vscale)

    def splat(self, v: Value, name: str = "broadcast.splat") -> Value:
        """A loop-invariant value on every lane (computed in vector.ph)."""
        if isinstance(v, ConstInt | ConstFloat | ConstPoison):
            return ConstVector(self.vt(v.type), tuple(v for _ in range(self.vf)))  # type: ignore[arg-type]
        if id(v) not in self.splats:
            vt = self.vt(v.type)
            one = InsertElement(vt, "broadcast.splatinsert", [ConstPoison(vt), v, ConstInt(I32, 0)])
            sh = ShuffleVector(vt, name, [one, ConstPoison(vt)], mask=(0,) * self.vf)
            self.ph.instructions += [one, sh]
            self.splats[id(v)] = sh
        return self.splats[id(v)]

    def emit_body(self) -> None:
        """Every memory instruction of the loop, in order (one part alone)."""
        for inst in self.loop.body:
            if _is_memory(inst):
                self.emit_memory(inst)

    def emit_memory(self, inst: Instruction) -> None:
        """This part's vector form of one of the loop's memory instructions."""
        acc = self.access[id(inst)]
        if acc.kind == "strided" and self.spread is not None:
            g = group_of(self.plan.groups, inst)  # type: ignore[arg-type]
            assert g is not None and not g.is_store
            if acc.position == g.position:
                ptr = self.lane0(g.leader.inst.operands[0])
                self.spread.windows[id(g)] = spread_windows(g, self.spread.shape, ptr, self._add)
        elif acc.kind == "strided":
            self._group_member(inst)
        elif acc.kind in ("gather", "scatter"):
            gep = inst.operands[1 if isinstance(inst, Store) else 0]
            assert isinstance(gep, GetElementPtr) and isinstance(inst, Load | Store)
            ptrs = self._add(indirect_pointers(gep, self.widen, self.vf, self.plan.index32, self.vscale))
            if isinstance(inst, Store):
                self._add(scatter_call(inst, self.widen(inst.operands[0]), ptrs, self.gather_mask(), self.vf,
                                       self.vscale))
            else:
                self.vectors[id(inst)] = self._add(gather_call(inst, ptrs, self.gather_mask(), self.vf, self.vscale))
        elif isinstance(inst, Store):
            val = self.stored(inst.operands[0])
            self._add(Store(void_type(), None, [val, self.lane0(inst.operands[1])], align=inst.align))
        else:
            assert isinstance(inst, Load)
            ptr = self.lane0(inst.operands[0])
            if acc.kind == "uniform":
                one = self._add(Load(inst.type, None, [ptr], align=inst.align))
                vt = self.vt(inst.type)
                ins = self._add(InsertElement(vt, None, [ConstPoison(vt), one, ConstInt(I32, 0)]))
                self.vectors[id(inst)] = self._add(ShuffleVector(vt, None, [ins, ConstPoison(vt)], mask=(0,) * self.vf))
            else:
                self.vectors[id(inst)] = self._add(Load(self.vt(inst.type), "wide.load", [ptr], align=inst.align))
        self.emitted_memory.add(id(inst))

    def _group_member(self, inst: Instruction) -> None:
        """A member of an interleave group: the whole group at its position, nothing at
        the other members'."""
        assert isinstance(inst, Load | Store)
        g = group_of(self.plan.groups, inst)
        assert g is not None
        if self.access[id(inst)].position != g.position:
            return
        leader = g.leader.inst
        ptr = self.lane0(leader.operands[1] if isinstance(leader, Store) else leader.operands[0])
        if g.is_store:
            whole = None if self.vscale or g.packed else self._member_wise(g)
            if whole is not None:
                write_group(g, self.vf, whole, ptr, self._add)
                return
            values = [self.widen(g.members[j][0].inst.operands[0]) if j in g.members
                      else ConstPoison(self.vt(g.elem)) for j in range(g.factor)]
            store_group(g, self.vf, values, ptr, self._add, self.vscale)
        else:
            self.vectors.update(load_group(g, self.vf, ptr, self._add, self.vscale, self.order))

    def _member_wise(self, g: Group) -> Value | None:
        """A store group whose F members are one computation, member j of each of its
        operands from member j of a load group of factor F read whole (its wide load),
        the same constant or invariant for every member, or constants that differ by
        member, or invariants that differ by member (``_pattern_splat``), through one
        lane-wise operation per step (``_one_operation``: an operator, a compare, a select,
        an intrinsic such as ``smin``), computed once on F*VF lanes: the wide vector already holds the members
        interleaved, and the wide result is stored as it is (LLVM's InstCombine folds
        its interleaving shuffles this way; rgba_to_f32: the float store group's 4x8
        interleave crosses AVX2's 128-bit halves: 2.3x faster). None where the members
        differ (the interleaving shuffles are emitted), or a member divides (a divisor's
        lanes are not the masked forms' safe ones). A packed group (groups.PACKED_BITS)
        is written packed instead: its narrowing and widening on F*VF lanes measured
        1.6x the packed form's time (rgba_scale_u8, stereo_gain_i16). A gap's member
        (``Group.gaps``) is None: its lanes may hold anything (``write_group`` does not
        store them), so each step takes there what keeps it one operation."""
        memo: dict[tuple[int, ...], Value | None] = {}
        emitted = len(self.body.instructions), len(self.ph.instructions)
        vals = [g.members[j][0].inst.operands[0] if j in g.members else None for j in range(g.factor)]
        whole = self._wide_of(vals, memo)
        if whole is None:  # what a partial match emitted goes (complex multiply: fmuladd of different operands)
            del self.body.instructions[emitted[0]:], self.ph.instructions[emitted[1]:]
        if isinstance(whole, Instruction) and whole.name is None:
            whole.name = "interleaved.wide"
        return whole

    def _blended(self, vals: list[Value | None], wt: VectorType) -> Value | None:
        """Members that are different lane-wise computations of load members (a whole
        store group's, or an operand's of one operation: stereo mid/side's ``0.5 * (l +
        r)`` and ``0.5 * (l - r)``): computed on the wide vectors and blended
        (:mod:`.blend`), where that costs less. A gap's lanes (None) take the member
        before's value (the first present one's where the gap comes first)."""
        filled = _gaps_filled(vals)
        planner = BlendPlanner(self.plan.groups, len(vals), self.vf, self.vectors, self.loop.is_invariant,
                               self.loop.contains, lambda v: id(v) in self.vectors, self._wide_splat, self._add)
        picks = [planner.plan(v) for v in filled]
        if any(p is None for p in picks) or not planner.cheaper(picks):  # type: ignore[arg-type]
            return None
        return planner.emit(picks, wt)  # type: ignore[arg-type]

    def _wide_splat(self, v: Value, wt: VectorType) -> Value:
        """An invariant or constant on all lanes of ``wt`` (built in vector.ph)."""
        if isinstance(v, ConstInt | ConstFloat | ConstPoison):
            return ConstVector(wt, tuple(v for _ in range(wt.count)))  # type: ignore[arg-type]
        one = InsertElement(wt, "broadcast.splatinsert", [ConstPoison(wt), v, ConstInt(I32, 0)])
        sh = ShuffleVector(wt, "broadcast.splat", [one, ConstPoison(wt)], mask=(0,) * wt.count)
        self.ph.instructions += [one, sh]
        return sh

    def _wide_of(self, vals: list[Value | None], memo: dict[tuple[int, ...], Value | None]) -> Value | None:
        key = tuple(0 if v is None else id(v) for v in vals)
        if key not in memo:
            memo[key] = self._wide_uncached(vals, memo)
        return memo[key]

    def _wide_uncached(self, vals: list[Value | None], memo: dict[tuple[int, ...], Value | None]) -> Value | None:
        """The members ``vals`` (None: a gap, any value) on F*VF lanes, or None."""
        factor = len(vals)
        present = [v for v in vals if v is not None]
        first = present[0]
        t = first.type
        if not isinstance(t, IntType | FloatType) or any(str(v.type) != str(t) for v in present):
            return None
        wt = VectorType(factor * self.vf, t)
        if all(isinstance(v, ConstInt | ConstFloat) for v in present):
            filled = _gaps_filled(vals)
            return ConstVector(wt, tuple(filled[j] for _ in range(self.vf) for j in range(factor)))  # type: ignore[arg-type,misc]
        if all(v is first for v in present) and self.loop.is_invariant(first):
            return self._wide_splat(first, wt)
        if all(self.loop.is_invariant(v) for v in present):
            return self._pattern_splat(_gaps_filled(vals), wt)
        if all(isinstance(v, Load) for v in present):
            lg = group_of(self.plan.groups, first)  # type: ignore[arg-type]
            order = moved_members(lg, vals) if lg is not None and id(lg) in self.vectors else None
            if lg is None or order is None:
                return None
            wide = self.vectors[id(lg)]
            if order == tuple(range(factor)):
                return wide
            # Members moved (RGBA to BGRA, stereo channels swapped): one shuffle of the
            # wide vector, struct by struct (x86: a pshufb where LLVM writes one).
            return self._add(ShuffleVector(wt, "members.moved", [wide, ConstPoison(wide.type)],
                                           mask=tuple(k * factor + order[j] for k in range(self.vf)
                                                      for j in range(factor))))
        if not _one_operation(present):
            return self._blended(vals, wt)
        if any(id(v) in self.vectors for v in present) or not all(self.loop.contains(v) for v in present):
            return None  # widened already for another use: keep the members' shuffles
        assert isinstance(first, Instruction)
        operands = [None if v is None else self._oriented(v, first) for v in vals]  # type: ignore[arg-type]
        before = len(self.body.instructions), len(self.ph.instructions), dict(memo)
        maybe = [op if _immediate(first, k, op) else
                 self._wide_of([None if ops is None else ops[k] for ops in operands], memo)
                 for k, op in enumerate(first.operands)]
        ops = [o for o in maybe if o is not None]
        if len(ops) < len(maybe):  # what the operands that matched emitted goes
            del self.body.instructions[before[0]:], self.ph.instructions[before[1]:]
            memo.clear()
            memo.update(before[2])
            return self._blended(vals, wt)
        if isinstance(first, Call):
            return self._add(Call(wt, None, ops, callee=f"{intrinsic_base(first.callee)}.{type_suffix(wt)}",
                                  flags=first.flags))
        wide = copy.copy(first)
        wide.type, wide.name, wide.operands = wt, None, ops
        return self._add(wide)

    def _oriented(self, v: Instruction, first: Instruction) -> list[Value]:
        """``v``'s operands, the two of a commutative operation swapped where that lines
        them up with ``first``'s (complex scale: ``im * -ci`` and ``cr * im``): an
        invariant against an invariant, a load group's member against one of the same
        group, an operation against the same operation."""
        ops = list(v.operands)
        if v is first or not _commutes(v):
            return ops
        want = [self._kind(o) for o in first.operands[:2]]
        if [self._kind(o) for o in ops[:2]] != want and [self._kind(o) for o in ops[1::-1]] == want:
            ops[0], ops[1] = ops[1], ops[0]
        return ops

    def _kind(self, v: Value) -> tuple[object, ...]:
        if self.loop.is_invariant(v):
            return ("invariant",)
        if isinstance(v, Load):
            return ("load", id(group_of(self.plan.groups, v)))
        return ("op", type(v).__name__, _operation(v)) if isinstance(v, Instruction) and v.operands else ("value",)

    def _pattern_splat(self, vals: list[Value], wt: VectorType) -> Value:
        """Loop-invariant values that differ by member (stereo gains: ``gl``, ``gr``) on the
        F*VF lanes of the interleaved vector, lane k*F + j member j's (built in vector.ph)."""
        factor = len(vals)
        pt = VectorType(factor, wt.elem)
        acc: Value = ConstPoison(pt)
        for j, v in enumerate(vals):
            ins = InsertElement(pt, "members.insert", [acc, v, ConstInt(I32, j)])
            self.ph.instructions.append(ins)
            acc = ins
        sh = ShuffleVector(wt, "members.splat", [acc, ConstPoison(pt)],
                           mask=tuple(j for _ in range(wt.count // factor) for j in range(factor)))
        self.ph.instructions.append(sh)
        return sh

    def gather_mask(self) -> Value:
        return all_lanes(self.vf, self.vscale)

    def widen(self, v: Value) -> Value:
        if self.loop.is_invariant(v):
            return self.splat(v)
        assert isinstance(v, Instruction)
        if id(v) in self.vectors:
            return self.vectors[id(v)]
        if isinstance(v, Load | Store):
            raise Decline(f"%{v.name}: a value would have to move above a memory access "
                          "(a recurrence's user that cannot be sunk)")
        if id(v) in self.in_progress:
            raise Decline(f"%{v.name} depends on itself")
        self.in_progress.add(id(v))
        out = self._widen(v)
        self.in_progress.discard(id(v))
        self.vectors[id(v)] = out
        return out

    def _widen(self, v: Instruction) -> Value:
        ind = self.ind
        if v is ind.phi:
            it = ind.type
            vt = self.vt(it)
            ins = self._add(InsertElement(vt, None, [ConstPoison(vt), self.iv0, ConstInt(I32, 0)]))
            sp = self._add(ShuffleVector(vt, None, [ins, ConstPoison(vt)], mask=(0,) * self.vf))
            steps: Value = ConstVector(vt, tuple(ConstInt(it, k) for k in range(self.vf)))
            if self.vscale:
                steps = self._add(Call(vt, "step", [], callee=f"llvm.stepvector.{type_suffix(vt)}"))
            return self._add(BinOp(vt, "vec.ind", [sp, steps], op="add"))
        if isinstance(v, Phi):
            rec = next((r for r in self.plan.phis.recurrences if r.phi is v), None)
            if rec is not None:
                return self._splice(rec)
            vphi = self.vector_phis.get(id(v))
            if vphi is None:
                raise Decline(f"phi %{v.name}")
            return vphi  # a reduction's accumulator
        if isinstance(v, GetElementPtr):
            raise Decline(f"%{v.name}: a pointer used as data")
        ops = [self._operand(v, k, op) for k, op in enumerate(v.operands)]
        vt = self.vt(v.type) if not isinstance(v, ICmp | FCmp) else VectorType(self.vf, I1, self.vscale)
        flags: frozenset[str] = getattr(v, "flags", frozenset())
        red = self._reduction_of_link(v)
        if red is not None:
            # Reassociated, a link may overflow where the scalar order did not: no
            # nsw/nuw/disjoint/exact; a floating-point link gets the flags the whole
            # scalar chain has (its reorder licence: see folds.py; ``lane_flags``).
            flags = lane_flags(red)
        if isinstance(v, BinOp):
            return self._add(BinOp(vt, None, ops, op=v.op, flags=flags))
        if isinstance(v, Cast):
            return self._add(Cast(vt, None, ops, op=v.op, flags=flags))
        if isinstance(v, ICmp):
            return self._add(ICmp(vt, None, ops, pred=v.pred, flags=flags))
        if isinstance(v, FCmp):
            return self._add(FCmp(vt, None, ops, pred=v.pred, flags=flags))
        if isinstance(v, Select):
            return self._add(Select(vt, None, ops, flags=flags))
        if isinstance(v, FNeg):
            return self._add(FNeg(vt, None, ops, flags=flags))
        if isinstance(v, Freeze):
            return self._add(Freeze(vt, None, ops))
        if isinstance(v, Call) and intrinsic_base(v.callee) in WIDENABLE:
            callee = f"{intrinsic_base(v.callee)}.{type_suffix(vt)}"
            return self._add(Call(vt, None, ops, callee=callee, flags=flags))
        raise Decline(f"%{v.name}: {v.opcode} cannot be widened")

    def _operand(self, v: Instruction, k: int, op: Value) -> Value:
        if _immediate(v, k, op):
            return op
        if isinstance(v, Select) and k == 0 and self.loop.is_invariant(op):
            return op  # a scalar condition selects whole vectors
        return self.widen(op)

    def _reduction_of_link(self, v: Instruction) -> Reduction | None:
        return next((r for r in self.plan.phis.reductions if any(v is link for link in r.chain)), None)

    def _splice(self, rec: Recurrence) -> Value:
        before = self.previous[id(rec.phi)]
        prev = before.widen(rec.previous) if isinstance(before, Widener) else before
        cur = self.widen(rec.previous)
        n = self.vf
        if self.vscale:  # lanes VL-1 .. 2VL-2 of prev ++ cur
            return self._add(Call(prev.type, None, [prev, cur, ConstInt(I32, 1)],
                                  callee=f"llvm.vector.splice.right.{type_suffix(prev.type)}"))
        return self._add(ShuffleVector(prev.type, None, [prev, cur], mask=tuple(range(n - 1, 2 * n - 1))))

    def lane0(self, v: Value) -> Value:
        """The scalar value of ``v`` in the vector iteration's first lane."""
        if self.loop.is_invariant(v):
            return v
        if v is self.ind.phi:
            return self.iv0
        if id(v) in self.scalars:
            return self.scalars[id(v)]
        if not isinstance(v, BinOp | Cast | GetElementPtr):
            raise Decline(f"an address computed from %{v.name}")
        clone = _copy(v, [self.lane0(op) for op in v.operands])
        self.scalars[id(v)] = self._add(clone)
        return clone


def _gaps_filled(vals: list[Value | None]) -> list[Value]:
    """``vals`` with each gap (None) taking the value before it (the first present one
    where the gap comes first): any value will do in a gap's lanes."""
    out: list[Value] = []
    fill = next(v for v in vals if v is not None)
    for v in vals:
        fill = fill if v is None else v
        out.append(fill)
    return out


def _one_operation(vals: list[Value]) -> bool:
    """The members compute one lane-wise operation (member-wise stores): the same
    instruction, operator, predicate, callee, flags and immediates; no division (a
    divisor's lanes are not the masked forms' safe ones)."""
    first = vals[0]
    if not isinstance(first, BinOp | Cast | ICmp | FCmp | Select | FNeg | Call):
        return False
    if isinstance(first, BinOp) and first.op in DIVISIONS or isinstance(first, Call) and not _pure_call(first):
        return False
    return all(type(v) is type(first) and _operation(v) == _operation(first) for v in vals)  # type: ignore[arg-type]


COMMUTATIVE = ("add", "mul", "and", "or", "xor", "fadd", "fmul")


def _commutes(v: Instruction) -> bool:
    """``v``'s first two operands may be swapped: a commutative operator, or the product
    of ``llvm.fmuladd`` / ``llvm.fma``."""
    if isinstance(v, BinOp):
        return v.op in COMMUTATIVE
    return isinstance(v, Call) and intrinsic_base(v.callee) in ("llvm.fmuladd", "llvm.fma")


def _operation(v: Instruction) -> tuple[str, ...]:
    """What a lane-wise instruction computes besides its (widened) operands."""
    immediates = (str(op) for k, op in enumerate(v.operands) if _immediate(v, k, op))
    return (getattr(v, "op", ""), getattr(v, "pred", ""), getattr(v, "callee", ""),
            ",".join(sorted(getattr(v, "flags", ()))), str(v.operands[0].type), *immediates)


def _immediate(v: Instruction, k: int, op: Value) -> bool:
    """Operand ``k`` stays scalar when ``v`` is widened: the i1 immediates of abs/ctlz/cttz."""
    return isinstance(v, Call) and isinstance(op, ConstInt) and op.type.bits == 1 and k == 1


def _pure_call(inst: Call) -> bool:
    return intrinsic_base(inst.callee) in WIDENABLE


def _is_memory(inst: Instruction) -> bool:
    return isinstance(inst, Load | Store) or (isinstance(inst, Call) and not _pure_call(inst))


def _copy(v: Instruction, operands: list[Value]) -> Instruction:
    out = copy.copy(v)
    out.operands = operands
    return out
