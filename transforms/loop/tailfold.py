"""Tail folding (issue 12): the last, partial vector runs under a mask of the lanes still
in range, and no scalar loop remains. ``vecverify vectorize --tail fold``.

::

    preheader ──> vector.ph: btc (back-edge-taken count), n.vec = btc - btc % VF (where
                     │        the last vector starts), the last vector's mask, reduction
                     │        starts; n.vec == 0: straight to vector.last
                  vector.body: the full vectors, unmasked: index; the body widened by VF;
                     │          index.next = index + VF, until index.next == n.vec
                  vector.last: the last vector (1..VF lanes) at n.vec, masked: masked
                     │          loads/stores, acc.next = acc op (select mask, x, identity)
                  middle.block: llvm.vector.reduce.* of the accumulators, live-outs at lane
                     │           btc % VF (the last active lane), the induction's end values
                  exit

With the shifted tail (``shift_decline``), vector.body leaves instead to

                  vector.tail: the last VF iterations, unmasked, at btc - (VF-1) (paired,
                     │          in loops without reductions: with the last full vector,
                     │          which vector.body then leaves to it; vector.check enters
                     │          it directly when that is the only full vector)
                  middle.tail: as middle.block, live-outs at lane VF-1
                  exit

and vector.last runs only where no full vector does (``n < VF``).

**The last vector in pieces** (``pieces_decline``: loops without reductions, gathers,
scatters or a lane live after the loop; a first-order recurrence's predecessor is
carried from piece to piece): vector.last runs the k =
btc % VF + 1 iterations left as unmasked vectors of VF, VF/2, .., 1 lanes, one for each
bit of k, each at n.vec + (k & -2*width) (``_last_in_pieces``): no masked move, and
each lane stored once. An in-place loop then takes no shifted tail either: its two
overlapping stores make the next reading of those bytes wait (x86 cannot forward a load
from two stores), where the pieces' loads and stores have the same shapes call after call.

**The last vector as an overlapping pair** (``in_pairs``: where the shifted tail is
taken, no recurrence): vector.last, run where no full vector does (n <= VF), tests k >=
VF, k >= VF/2, .. and runs the first that holds as two vectors of w lanes, at n.vec and
at n.vec + k - w (``_last_in_pairs``; one where k == w): the second re-stores lanes
the first stored, as the shifted tail does. Pieces pay a vector and a test per bit of
k, about a nanosecond each (``PIECE_COST``): cabs2_f32 at n=5 ran twice as long in
pieces of 4 and 1 as in two vectors of 4.

**The last vector of a reduction as reduced pairs** (``REDUCED``: loops with reductions
whose shifted tail may run, consecutive accesses: ``reduced_decline``): a reduction cannot
run its last vector in pieces or pairs as above (its lanes would be folded twice), so
where no full vector runs (n <= VF; n == VF too: n.vec is computed from the back-edge-
taken count) the last vector is masked, and AVX2 moves 8- and 16-bit lanes of a masked
load one by one, a branch each (SSE4 has no masked move at all): the byte dot product
at n=5 ran 3.1x LLVM's time. Reduced pairs run it as the pairs' two unmasked vectors of
w lanes, each folding its leaves into an accumulator of its own that starts with the
identity, the second's re-covered lanes (2w - k of them) folding the identity
(``rdx.recovered``: a select on ``pair.mask``, as the shifted tail's ``rdx.masked``);
the pair's block combines the two lane-wise and reduces them (``_last_reduced_pairs``),
the middle block's phi takes the value. Every kind the folder takes may be reordered so
(integers by their algebra, fadd/fmul only under ``reassoc``, minnum/maxnum under ``nnan
nsz``; an ordered floating-point reduction is not vectorized at all), and the identities
are the masked form's (the signed and unsigned extremes, 1 for mul, -0.0 for fadd).
``short_fold_vf`` prices it against the masked last vector where the target has no
masked move for the loop's accesses (``_short_fold_cost``: a pair as above).

**The tail's shape** after the full vectors (``tail_shapes``; ``--tail fold`` takes the
cheapest with its VF: ``short_fold_vf``): the shifted tail, the shifted tail with the
last iteration alone (below), the last vector as pairs after the full vectors too
(vector.body leaves to vector.last: no shifted tail), or in pieces.

**The last iteration alone** (by default where ``tail_alone``: the last vector runs as
pairs, with interleave groups, up to 4 lanes; at more lanes where the cost model takes
it):
where k == 1 the shifted tail would re-cover VF-1 lanes of the last full vector for one
iteration; ``tail.test`` sends it instead to ``vector.tail.1``, the last full vector and
a piece of one lane at n.vec (``_tail_alone``), then middle.tail.

**Interleave groups** run their last vector in pieces, and (not in place) the shifted
tail after the full vectors: each one wide access per group, a store group's re-store
writing every member again. A load group with a gap at its end (``rgba[4*i]`` ..
``rgba[4*i+2]``): a full vector's wide load reads its last struct's gap, which lies
before the next iteration's member 0 (another vector always follows a full one: the
witness's step reads that member, as the epilogue form's does); a vector that may run
the loop's last iteration (a piece, the shifted tail) reads only up to its last
member, as two overlapping loads of a power of two (``_TrimmedGroups``,
``groups.trimmed_load_group``).

**Why one masked vector, not a masked loop.** Every iteration under the mask (LLVM's
form, and this module's first one) costs a masked store per vector; on AMD's cores
each ``vmaskmov`` store costs about 3 ns whatever its width (``bench/masked_stores.c``),
more than a whole 13-iteration map in LLVM's form. The full vectors need no mask: only
the last one does, and it always runs (1..VF lanes), so there is still no scalar loop.

**The mask.** Lane l of the last vector is active iff ``n.vec + l <= btc``, i.e. ``l <=
btc % VF``: ``icmp ule <0, 1, .., VF-1>, splat(btc % VF)`` (in lanes as wide as the
loop's widest element: one compare of the width the masked moves want), computed once
in vector.ph, not as ``llvm.get.active.lane.mask(n.vec, tc)``: the loop counted by
``icmp eq %iv.next, %n`` with ``%n == start`` runs 2^w times, whose trip count does not
fit the induction type (``tc`` would be 0 and the lane mask all off), while ``btc = 2^w
- 1`` does; and x86 has no lane-mask instruction. ``n.vec <= btc`` never wraps, nor does
``index.next <= n.vec`` (``nuw``).

**The bound is frozen** (``%bound.fr = freeze %n`` in ``vector.ph``): the mask, ``n.vec``
and the exit test of every vector iteration then read one defined value. Where ``%n``
is undef, the scalar loop's exit tests may each see another value; replacing them by
one frozen value is a refinement of the scalar loop, which the witness proves the
vector loop refines (freeze costs no instruction).

**Inactive lanes.** Masked loads give poison there (their addresses are not accessed,
so a lane past the end of an object is no UB), every lane-wise operation may compute
poison there, masked stores do not write them. A division's divisor is ``select mask,
y, 1`` (a poison or zero divisor would be UB).

**Reductions** start with the identity on every lane, and the initial value joins after
the reduction (``_final_reduction``: one scalar operation from the result, not the whole
loop, where it arrives late); they fold the identity where the mask is off: each link's other operand is
``select mask, x, identity`` (0 for add/or/xor/umax, 1 for mul, -1 for and/umin, the
signed extremes for smax/smin, -0.0 for fadd and 1.0 for fmul under ``reassoc``, +inf
for minnum and -inf for maxnum under ``nnan nsz``, whose vector operations then lose
``ninf``: an infinity is poison under it), so an inactive lane keeps its accumulator;
``llvm.vector.reduce.*`` after the loop. LLVM selects the accumulator instead
(``select mask, acc op x, acc``): the same values, but a select over the accumulator,
whose lanes may be undef, was much slower to prove. Live-outs of the last iteration are
read at lane ``btc % VF`` (the last active lane); the induction's are ``start + btc``
(``%iv``) and ``start + btc + 1`` (``%iv.next``).

**First-order recurrences** are spliced as in the epilogue form (``vector.recur``
started with ``%init`` in lane VF-1; ``shufflevector %prev, %cur, <VF-1, ..., 2VF-2>``):
every vector but the last is full, so a splice reads active lanes only (the paired
shifted tail's lane 0 takes the last full vector's lane ``btc % VF``:
``_ShiftedWidener._splice``). After the loop
the phi's value is the splice's lane ``btc % VF`` (the last active iteration's
predecessor, possibly the previous vector's last lane), its next value ``%cur``'s.

**Declined** (the loop is left scalar, or with ``--tail auto`` gets the scalar
epilogue): strided accesses (interleave groups) unless the last vector runs in pieces,
interleaving (``--uf`` above 1: one
part per masked iteration), ``ult``/``slt`` counts from
a non-constant start or from the top of the range (the back-edge-taken count is then
not a formula of the bound).

The proof for every trip count is :mod:`.foldwitness`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vecverify.ir.function import Block
from vecverify.ir.types import IntType, Type, VectorType
from vecverify.ir.values import (
    BinOp,
    Br,
    Call,
    Cast,
    ConstInt,
    ConstPoison,
    ConstVector,
    ExtractElement,
    Freeze,
    ICmp,
    InsertElement,
    Instruction,
    Load,
    ParamAttrs,
    Phi,
    Select,
    ShuffleVector,
    Store,
    Value,
)

from ..vectorize.costs import Target
from .codegen import (
    DIVISIONS,
    I1,
    I32,
    LANEWISE_INTRINSIC,
    Adder,
    LoopBlocks,
    Widener,
    close_vector_loop,
    identity,
    lane_flags,
    reduce_call,
    scalable_lanes,
    type_suffix,
    void_type,
)
from .cost import vector_iteration_cost
from .gather import all_lanes
from .groups import group_of, trimmed_load_group
from .induction import Emit, Induction, incoming
from .legality import LoopPlan
from .memory import MemAccess
from .phis import Recurrence, Reduction, is_fmuladd
from .structure import Decline

# Reductions whose links fold the identity in inactive lanes (codegen.identity).
MASKED_REDUCTIONS = ("add", "mul", "and", "or", "xor", "smin", "smax", "umin", "umax", "fadd", "fmul", "fmin",
                     "fmax")
# --tail auto: the trip count assumed for a loop whose count is not a constant (folding
# pays off on short loops, the epilogue on long ones).
NOMINAL_TRIP_COUNT = 16
# A masked store's extra cost per register: vmaskmov to memory costs about 3 ns on AMD's
# cores whatever its width (bench/masked_stores.c), about three scalar iterations of a map
# (8 units each).
MASKED_STORE_COST = 24
# The shifted tail's re-covered lanes are stored twice (the last full vector's store, then
# the tail's, overlapping it): a load that reads them again soon after, before the stores
# have left the store buffer, spans two stores and cannot take its data from either: it
# waits for both (a failed store-to-load forward). A loop that updates an object in place
# is such a reader the next time it runs: ``bench loop`` on saxpy (y[i] = a*x[i] + y[i])
# at n=13 measures the folded loop 12-16 ns slower per call than with the last store
# left out, about 100 units at the scale above (8 per ns).
STORE_FORWARD_STALL = 96
# An interleave group updated in place (``z[2*i] = f(z[2*i], z[2*i+1])``, called again
# on its output): each element's chain through memory from one call to the next sets the
# pace at short trip counts, and a member vector wider than 128 bits adds shuffles across
# the register's halves to it (3 cycles each on AVX2; within 128 bits, one in-lane
# shuffle): ``bench loop`` at n=13, VF 4 against 8: caxpy_f32 0.82 / 0.95 of LLVM's time,
# cscale_f32 0.86 / 0.97, stereo_ms_f32 1.06 / 1.14, stereo_gain_i16 (computed in i32)
# 0.82 / 0.91 (at n=29 VF 8 is faster: 0.95 / 1.24 for caxpy_f32). Not for a factor that
# is no power of two, whose members cross the halves at any width: stride3_update_i32
# 1.03 / 1.00 at n=13, 1.31 / 1.10 at n=29. The same for a map updated in place without
# groups (session 4, A/B in one process, load ~3, n = 5 / 13 / 29, of LLVM's time):
# saxpy_f32 VF 8 1.00 / 1.07 / 1.02, VF 4 1.00 / 1.00 / 1.00; axpy_i32 VF 8 1.00 / 1.06 /
# 0.86, VF 4 1.00 / 0.99 / 1.00. At 13 both forms run at the chain's pace, LLVM's too
# (load, operation, store, call after call), the 256-bit one a little slower;
# scale_inplace_i16 (computed in i32) VF 8 1.00 / 0.97 at 13 / 29, VF 4 0.80 / 0.82. Not
# where 128 bits hold 2 lanes (doubles): daxpy_f64 VF 2 0.98 / 1.48 at 13 / 29, VF 4 0.96 /
# 1.01 (unless groups, as above).
IN_PLACE_BITS = 128
# A piece of the last vector (or a pair) costs about a nanosecond on top of its vector
# and its test, about 8 units at the scale above: ``bench loop`` on cabs2_f32 (VF 8),
# n=5 in pieces of 4 and 1: 3.8-5.3 ns; two vectors of 4 (the full one and the shifted
# tail of VF 4): 2.0-2.6 ns; n=8, a piece of 8 alone: 2.4 ns.
PIECE_COST = 8
# The last iteration alone (``tail_alone``) up to this many lanes.
TAIL_ALONE_MAX_VF = 4


@dataclass
class LastPiece:
    """One piece of the last vector in pieces: ``width`` lanes, unmasked, at ``at`` =
    n.vec + (k & -2*width), run where ``cond`` (bit ``width`` of k = btc % VF + 1, the
    iterations left) is set: ``test`` branches on it to ``block`` or the next test."""

    width: int
    cond: Value  # (vector.ph)
    at: Value  # (vector.ph)
    test: Block
    block: Block
    # Reduced pairs (``REDUCED``): id(reduction phi) -> (start, accumulator after it) of
    # each vector of the pair, the first's then the second's.
    parts: dict[int, list[tuple[Value, Value]]] = field(default_factory=dict)


@dataclass
class FoldedLoop:
    """What tail folding made (in the output function), for the report and the witness."""

    plan: LoopPlan
    vf: int
    vector_ph: Block
    body: Block  # the full vectors, unmasked (a loop)
    last: Block  # the last vector, masked (once)
    middle: Block
    bound_fr: Value  # the loop's bound, frozen (vector.ph)
    btc: Value  # the back-edge-taken count (vector.ph), from bound_fr
    n_vec: Value  # where the last vector starts: btc - btc % VF (vector.ph)
    skip: Value  # n.vec == 0: vector.ph goes to the last vector directly
    index: Phi  # vector.body's
    index_next: Instruction
    mask: Value | None  # the last vector's (vector.ph); None where it runs in pieces
    vector_phis: dict[int, Phi] = field(default_factory=dict)  # id(header phi) -> vector.body's phi
    last_phis: dict[int, Phi] = field(default_factory=dict)  # id(header phi) -> vector.last's phi
    widened: dict[int, Value] = field(default_factory=dict)  # the last vector's values
    live_outs: dict[int, Value] = field(default_factory=dict)  # id(exit phi) -> its value from the loop
    exit_values: dict[int, Value] = field(default_factory=dict)  # id(exit phi) -> middle's value
    # The shifted last vector (None where it is declined: vector.body then leaves to vector.last).
    tail: Block | None = None  # after the full vectors: the last VF iterations, unmasked, blended
    tail_middle: Block | None = None  # its middle block
    tail_start: Value | None = None  # btc - (VF-1): where it starts (vector.ph)
    tail_mask: Value | None = None  # its lanes not re-covered: lane l on iff l >= VF-1 - btc % VF (vector.ph)
    tail_widened: dict[int, Value] = field(default_factory=dict)  # the tail's values
    tail_exit_values: dict[int, Value] = field(default_factory=dict)  # id(exit phi) -> middle.tail's value
    # The paired tail (loops without reductions): vector.tail runs the last full vector
    # too, at n.body = n.vec - VF, its loads before any of its stores; vector.check
    # enters it directly when that is the only full vector.
    check: Block | None = None
    n_body: Value | None = None
    tail_phis: dict[int, Phi] = field(default_factory=dict)  # id(header phi) -> the paired tail's recurrence phi
    n_mod: Value | None = None  # btc % VF (vector.ph)
    vscale: int = 0  # vectorize --vla: the vscale this copy is read at (VF = vscale x N lanes)
    # The last vector in pieces (``pieces_decline``): widest first, vector.last tests the
    # first; empty where the last vector is masked.
    pieces: list[LastPiece] = field(default_factory=list)
    # ... as two overlapping vectors (``_last_in_pairs``): each piece is then the pair of
    # its width, run where k >= width, its second vector at ``at`` = n.vec + k - width.
    pairs: bool = False
    # The last iteration alone (``tail_alone``): where k == 1 (``tail_one``: btc % VF == 0)
    # the paired tail's block ``tail_one_block`` runs the last full vector and a piece of one
    # lane at n.vec, not the shifted vector re-covering VF-1 lanes; vector.body and
    # vector.check leave to ``tail_test``, which branches on ``tail_one``.
    tail_test: Block | None = None
    tail_one_block: Block | None = None
    tail_one: Value | None = None  # (vector.ph)
    # Reduced pairs (``REDUCED``): id(reduction phi) -> the middle block's phi of the
    # pairs' reduced values (each pair block reduces its own vectors).
    pair_rdx: dict[int, Phi] = field(default_factory=dict)

    @property
    def lanes(self) -> int:
        """Scalar iterations per vector iteration (one part)."""
        return self.vf

    @property
    def body_exit(self) -> Block:
        """Where vector.body goes after the full vectors: the shifted tail (or the test
        before it, ``tail_alone``), or the masked last vector."""
        return self.tail_test or self.tail or self.last


def backedge_taken_count(ind: Induction, bound: Value, emit: Emit) -> Value:
    """The loop's back edges taken, ``tc - 1`` (in 0..2^w-1: the loop runs at least once
    and at most 2^w times), or Decline. ``ne``: ``bound - start - 1``; ``ult``/``slt``
    from a constant start s: ``umax/smax(bound, s+1) - (s+1)``."""
    t = ind.type
    if ind.pred == "ne":
        if isinstance(ind.start, ConstInt):
            return emit(BinOp(t, "trip.count.minus.1", [bound, ConstInt(t, -ind.start.value - 1)], op="add"))
        diff = emit(BinOp(t, "tc", [bound, ind.start], op="sub"))
        return emit(BinOp(t, "trip.count.minus.1", [diff, ConstInt(t, -1)], op="add"))
    if not isinstance(ind.start, ConstInt):
        raise Decline(f"tail folding: the loop counts `{ind.pred}` from a non-constant start")
    first = ind.start.value + 1  # the induction's value after the first iteration
    top = (1 << t.bits) - 1 if ind.pred == "ult" else (1 << (t.bits - 1)) - 1
    if ind.start.value >= top:
        raise Decline("tail folding: the loop starts at the top of its induction's range")
    lo = ConstInt(t, first)
    fn = "umax" if ind.pred == "ult" else "smax"
    hi = emit(Call(t, f"{fn}.bound", [bound, lo], callee=f"llvm.{fn}.{t}"))
    return emit(BinOp(t, "trip.count.minus.1", [hi, lo], op="sub"))


def check_foldable(plan: LoopPlan, vscale: int = 0) -> None:
    in_pieces = pieces_decline(plan) is None and not vscale
    for acc in plan.accesses:
        if acc.kind not in ("consecutive", "uniform", "gather", "scatter") and not in_pieces:
            raise Decline(f"tail folding: a {acc.kind} access (interleave groups are not masked"
                          + (", and a load group's gap at its end reads past the last iteration)"
                             if plan.requires_scalar_epilogue else ")"))
    for red in plan.phis.reductions:
        if red.kind not in MASKED_REDUCTIONS:
            raise Decline(f"tail folding: {red.kind} reduction %{red.phi.name} (no masked form)")
        if any(map(is_fmuladd, red.chain)):
            # (foldwitness does not model a link fused with its product)
            raise Decline(f"tail folding: fadd reduction %{red.phi.name} with llvm.fmuladd links")


class _MaskedWidener(Widener):
    """The vector body under the mask: consecutive loads and stores become
    ``llvm.masked.load``/``llvm.masked.store``, divisors are 1 in inactive lanes."""

    mask: Value
    safe_divisors = True  # a divisor is 1 in inactive lanes
    masked_name = "rdx.masked"  # a reduction link's operand in inactive lanes

    def emit_memory(self, inst: Instruction) -> None:
        acc = self.access[id(inst)]
        if acc.kind in ("uniform", "gather", "scatter"):
            super().emit_memory(inst)  # uniform: lane 0 is always on (the scalar loop loads it too); others: masked
            return
        assert isinstance(inst, Load | Store)
        align = ParamAttrs(align=inst.align or 1)
        none = ParamAttrs()
        if isinstance(inst, Store):
            val = self.stored(inst.operands[0])
            vt = val.type
            self._add(Call(void_type(), None, [val, self.lane0(inst.operands[1]), self.mask],
                           callee=f"llvm.masked.store.{type_suffix(vt)}.p0", arg_attrs=[none, align]))
        else:
            assert isinstance(inst, Load)
            vt = self.vt(inst.type)
            self.vectors[id(inst)] = self._add(Call(vt, "wide.masked.load",
                                                    [self.lane0(inst.operands[0]), self.mask, ConstPoison(vt)],
                                                    callee=f"llvm.masked.load.{type_suffix(vt)}.p0",
                                                    arg_attrs=[align]))
        self.emitted_memory.add(id(inst))

    def gather_mask(self) -> Value:
        return self.mask

    def _operand(self, v: Instruction, k: int, op: Value) -> Value:
        out = super()._operand(v, k, op)
        if isinstance(v, BinOp) and v.op in DIVISIONS and k == 1 and self.safe_divisors:
            out = self._add(Select(out.type, "safe.divisor", [self.mask, out, self._constant(v.type, 1)]))
        red = next((r for r in self.plan.phis.reductions if any(v is link for link in r.chain)), None)
        if red is not None and not (op is red.phi or any(op is link for link in red.chain)):
            # The operand a reduction link folds in: the identity in inactive lanes.
            out = self._add(Select(out.type, self.masked_name, [self.mask, out, self.inactive_operand(red)]))
        return out

    def inactive_operand(self, red: Reduction) -> Value:
        """What a reduction link folds in an inactive lane: the identity (for
        minnum/maxnum an infinity: their vector operations lose ``ninf``)."""
        ident = identity(red.kind, red.phi.type)
        return ConstVector(self.vt(red.phi.type), tuple(ident for _ in range(self.vf)))  # type: ignore[arg-type]

    def _constant(self, t: Type, value: int) -> Value:
        return ConstVector(self.vt(t), tuple(ConstInt(t, value) for _ in range(self.vf)))  # type: ignore[arg-type]


class _TrimmedGroups(Widener):
    """A vector that may run the loop's last iteration (a piece of the last vector, the
    shifted tail) reads a load group with a gap at its end without the last struct's
    gap (``groups.trimmed_load_group``): the gap may lie past the end of the object.
    (The full vectors' wide loads read theirs: another vector always follows them.)"""

    def _group_member(self, inst: Instruction) -> None:
        g = group_of(self.plan.groups, inst) if isinstance(inst, Load) else None
        if g is None or not g.requires_epilogue:
            super()._group_member(inst)
            return
        if self.access[id(inst)].position == g.position:
            self.vectors.update(trimmed_load_group(g, self.vf, self.lane0(g.leader.inst.operands[0]), self._add,
                                                     self.order))


class _ShiftedWidener(_TrimmedGroups, _MaskedWidener):
    """The shifted tail: the last VF iterations, from ``btc - (VF-1)``, after at least one
    full vector. Its lanes below ``n.vec`` re-cover iterations the last full vector ran
    (the mask is off there): loads and stores are unmasked (the full vector accessed the
    same addresses, so they are dereferenceable), and a re-covered lane stores again the
    value the full vector stored there, recomputed from the same loads (``shift_decline``
    says when it is the same), divisions and gathers included (the same divisor, which
    was not 0; the same addresses, which the full vector gathered from). Reductions fold
    the identity there; scatters are masked (the full vector wrote those lanes)."""

    safe_divisors = False
    full: Widener | None = None  # paired: the last full vector's part
    rem: Value | None = None  # btc % VF
    _all_lanes = False

    def emit_memory(self, inst: Instruction) -> None:
        self._all_lanes = self.access[id(inst)].kind == "gather"
        Widener.emit_memory(self, inst)
        self._all_lanes = False

    def gather_mask(self) -> Value:
        return all_lanes(self.vf) if self._all_lanes else self.mask

    def _splice(self, rec: Recurrence) -> Value:
        """Lane l's predecessor, iteration ``tail.start + l - 1``: for l >= 1 the tail's
        own lane l-1; for lane 0 the last full vector's lane ``btc % VF`` (the tail
        starts ``btc % VF + 1`` lanes into it; a variable extract, where a shuffle's
        lanes are constants)."""
        assert self.full is not None and self.rem is not None  # recurrences are paired
        before = self.full.widen(rec.previous)
        cur = self.widen(rec.previous)
        n = self.vf
        spliced = self._add(ShuffleVector(cur.type, None, [before, cur], mask=tuple(range(n - 1, 2 * n - 1))))
        first = self._add(ExtractElement(rec.phi.type, "tail.recur.first", [before, self.rem]))
        return self._add(InsertElement(cur.type, "tail.recur", [spliced, first, ConstInt(I32, 0)]))


def shift_decline(plan: LoopPlan) -> str | None:
    """Why the shifted tail is not used (vector.body is followed by the masked last
    vector then), or None. A re-covered lane must store what the last full vector stored
    there: it recomputes it from loads of objects no store of the loop writes (so they
    read what they read then), and no other store of the loop writes its object (which
    the re-store would overwrite; the other members of its store group are written again
    whole by the same wide store), apart from loads of it at the store's address before
    the store (in place, ``y[i] = a * y[i]``: the paired tail, ``paired``, reads them
    before the last full vector stores). A recurrence is spliced in the paired tail (its
    first lane's predecessor from the last full vector), so not with a reduction. A loop
    with both
    reductions and stores would compute a re-covered lane's values twice, once for the
    reduction (the full vector) and once for memory (the tail): from undef memory or a
    freeze they may differ, which no scalar run does. (A packed store group's frozen
    members may differ the same way between the last full vector and the tail: the
    tail stores first, and the full vector's store overwrites the re-covered elements:
    ``_emit_overlapping``.)"""
    if plan.phis.recurrences and plan.phis.reductions:
        return "a recurrence and a reduction"
    if plan.phis.reductions and any(a.is_store for a in plan.accesses):
        # A re-covered lane's values would be computed twice: the reduction would have
        # folded the first, memory would keep the second (from undef, or a freeze,
        # they may differ).
        return "a reduction and a store"
    stored = [a for a in plan.accesses if a.is_store]
    for a in plan.accesses:
        for b in stored:
            if b is a or b.access.address.base is not a.access.address.base or _one_store_group(plan, a, b):
                continue
            if a.is_store or a.kind != "consecutive" or b.kind != "consecutive" or a.rest != b.rest \
                    or a.offset != b.offset or a.position > b.position:
                return "an object stored and accessed otherwise in the loop"
    return None


def _one_store_group(plan: LoopPlan, a: MemAccess, b: MemAccess) -> bool:
    """Whether ``a`` and ``b`` are members of one store group: one wide store of every
    member, which the tail's re-store writes again whole."""
    g = group_of(plan.groups, a.inst)  # type: ignore[arg-type]
    return a.is_store and g is not None and g is group_of(plan.groups, b.inst)  # type: ignore[arg-type]


def paired(plan: LoopPlan) -> bool:
    """Whether the shifted tail runs the last full vector too (loops without reductions):
    its loads, the last full vector's and the tail's, all read memory before either
    stores, so an object read and written at the same address (``y[i] = a * y[i]``)
    gives a re-covered lane the value the full vector read; and no load reads back over
    part of a vector just stored (x86's store forwarding would stall)."""
    return not plan.phis.reductions


def fold_tail(plan: LoopPlan, vf: int, vscale: int = 0, shape: str | None = None) -> FoldedLoop:
    """Rewrite ``plan.loop``'s function in place (a copy of the input) into the
    tail-folded vector loop, removing the scalar loop, or raise Decline before changing
    anything. ``vscale`` (not 0): the vector-length-agnostic form of ``vectorize --vla``
    read at that vscale (``vf`` = vscale x N lanes; see vla.py). ``shape``: what runs
    the iterations left after the full vectors (``TAIL_SHAPES``; None: the shifted tail
    where it may run, see ``tail_shapes``)."""
    check_foldable(plan, vscale)
    loop, ind = plan.loop, plan.induction
    fn, it = loop.fn, ind.type
    in_pieces = pieces_decline(plan) is None and not vscale
    shapes = tail_shapes(plan, vf, vscale)
    if shape is None:
        shape = shapes[0]
    elif shape not in shapes:
        raise Decline(f"tail folding: the last vector as {shape} (possible here: {', '.join(shapes)})")
    may_shift = SHIFTED in shapes
    shifted = shape in (SHIFTED, ALONE, REDUCED)
    reduced = shape == REDUCED
    pair = shifted and paired(plan)
    blocks = LoopBlocks(fn.blocks)
    ph, body, last, middle = (blocks.new(n) for n in ("vector.ph", "vector.body", "vector.last", "middle.block"))
    p = Adder(ph)
    bound_fr = p(Freeze(it, "bound.fr", [ind.bound]))
    btc = backedge_taken_count(ind, bound_fr, p)
    step: int | Value = vf if not vscale else scalable_lanes(p, it, vf // vscale, vscale)  # type: ignore[arg-type]
    n_mod = p(BinOp(it, "n.mod.vf", [btc, ConstInt(it, vf) if isinstance(step, int) else step], op="urem"))
    n_vec = p(BinOp(it, "n.vec", [btc, n_mod], op="sub"))
    skip = p(ICmp(I1, "no.full.vectors", [n_vec, ConstInt(it, 0)], pred="eq"))
    mask: Value | None = None
    if not in_pieces and not reduced:
        mask = _lane_mask(p, n_mod, vf, plan.widest_bits) if not vscale else active_lane_mask(p, n_mod, vf, vscale)
    zero_start = isinstance(ind.start, ConstInt) and ind.start.value == 0
    check = blocks.new("vector.check") if pair else None
    index = Phi(it, "index", [ConstInt(it, 0)], blocks=[(check or ph).name])
    body.instructions.append(index)
    splats: dict[int, Value] = {}
    w = Widener(plan, vf, ph, body, index, zero_start, splats=splats)
    # (the last vector starts at n.vec: its "index" is that value, not a phi)
    wl = _MaskedWidener(plan, vf, ph, last, n_vec, zero_start, splats=splats)  # type: ignore[arg-type]
    if mask is not None:
        wl.mask = mask
    w.vscale = wl.vscale = vscale
    b, lb = Adder(body), Adder(last)
    vphis: dict[int, Phi] = {}
    lphis: dict[int, Phi] = {}
    for rec in plan.phis.recurrences:
        # As in the epilogue form: the previous vector's last lane starts it, the splice
        # gives each lane its predecessor. Every vector but the last is full, so the
        # splice reads active lanes only; after the loop the phi's value is the splice's
        # last active lane (middle block).
        vt = VectorType(vf, rec.phi.type, vscale)  # type: ignore[arg-type]
        lane: Value = ConstInt(I32, vf - 1)
        if not isinstance(step, int):  # the last lane, vscale x N - 1
            lane = p(BinOp(it, "last.lane.index", [step, ConstInt(it, -1)], op="add"))
        init = p(InsertElement(vt, "vector.recur.init", [ConstPoison(vt), rec.init, lane]))
        vphi = Phi(vt, "vector.recur", [init], blocks=[(check or ph).name])
        lphi = Phi(vt, "vector.recur.last", [init], blocks=[ph.name])
        b(vphi)
        lb(lphi)
        vphis[id(rec.phi)] = w.previous[id(rec.phi)] = vphi
        lphis[id(rec.phi)] = wl.previous[id(rec.phi)] = lphi
    for red in plan.phis.reductions:
        start = _accumulator_start(red, vf, w)
        vt = VectorType(vf, red.phi.type, vscale)  # type: ignore[arg-type]
        vphi = Phi(vt, "vec.phi", [start], blocks=[(check or ph).name])
        b(vphi)
        vphis[id(red.phi)] = w.vector_phis[id(red.phi)] = vphi
        if not reduced:  # (reduced pairs start their own accumulators)
            lphi = Phi(vt, "vec.phi.last", [start], blocks=[ph.name])
            lb(lphi)
            lphis[id(red.phi)] = wl.vector_phis[id(red.phi)] = lphi
    fl = FoldedLoop(plan, vf, ph, body, last, middle, bound_fr, btc, n_vec, skip, index, index, mask,
                    vector_phis=vphis, last_phis=lphis, n_mod=n_mod, vscale=vscale)
    if shifted:
        fl.tail, fl.tail_middle = blocks.new("vector.tail"), blocks.new("middle.tail")
        fl.tail_start = p(BinOp(it, "tail.start", [btc, ConstInt(it, -(vf - 1))], op="add"))
        fl.tail_mask = _lane_mask(p, n_mod, vf, plan.widest_bits, shifted=True)
    if check is not None:
        fl.check = check
        fl.n_body = p(BinOp(it, "n.body", [n_vec, ConstInt(it, -vf)], op="add"))
        if shape == ALONE:
            fl.tail_test, fl.tail_one_block = blocks.new("tail.test"), blocks.new("vector.tail.1")
            fl.tail_one = p(ICmp(I1, "tail.one", [n_mod, ConstInt(it, 0)], pred="eq"))
    # vector.body: the full vectors, unmasked; then vector.last: the last one, masked
    # (where the tail is shifted, only when no full vector runs).
    w.emit_body()
    if not in_pieces and not reduced:
        wl.emit_body()
    backs = {id(r.phi): r.previous for r in plan.phis.recurrences} | {id(r.phi): r.result for r in plan.phis.reductions}
    for key, value in backs.items():
        back = w.widen(value)
        for phi in (vphis[key], *([] if shifted else [lphis[key]])):
            phi.operands.append(back)
            phi.blocks.append(body.name)
    for ephi in plan.exit_phis:
        fl.live_outs[id(ephi)] = incoming(ephi, loop.header.name)
    fl.index_next = close_vector_loop(body, index, step, fl.n_body or n_vec, fl.body_exit.name)
    fl.widened = wl.vectors
    if reduced:
        fl.pairs = True
        fl.pieces, reduced_values = _last_reduced_pairs(plan, vf, ph, blocks, last, middle, n_vec, n_mod,
                                                        zero_start)
        for red in plan.phis.reductions:
            # (the last test, k >= 1, always holds: its edge to the middle block is never taken)
            pair_values = [*reduced_values[id(red.phi)], (ConstPoison(red.phi.type), fl.pieces[-1].test.name)]
            rdx_phi = Phi(red.phi.type, "rdx.last", [v for v, _ in pair_values], blocks=[b for _, b in pair_values])
            middle.instructions.append(rdx_phi)
            fl.pair_rdx[id(red.phi)] = rdx_phi
    fl.exit_values = _fill_middle(fl, middle, wl, None, fl.pair_rdx)  # (widens the live-outs in vector.last: first)
    if in_pieces and in_pairs(plan, may_shift) and shape != PIECES:
        fl.pairs = True
        fl.pieces = _last_in_pairs(plan, vf, ph, blocks, last, middle, n_vec, n_mod, zero_start)
    elif in_pieces:
        recs = [(rec, lphis[id(rec.phi)]) for rec in plan.phis.recurrences]
        fl.pieces = _last_in_pieces(plan, vf, ph, blocks, last, middle, n_vec, n_mod, zero_start, recs)
    elif not reduced:  # (reduced pairs: above)
        last.instructions.append(Br(void_type(), None, [], targets=[middle.name]))
    exits = [(middle, fl.exit_values)]
    if fl.tail is not None and fl.tail_middle is not None:
        # vector.tail: the last VF iterations, continuing vector.body's accumulators;
        # paired: after the last full vector's loads and before its stores, access by
        # access.
        wt = _ShiftedWidener(plan, vf, ph, fl.tail, fl.tail_start, zero_start, splats=splats)  # type: ignore[arg-type]
        assert fl.tail_mask is not None
        wt.mask = fl.tail_mask
        for red in plan.phis.reductions:
            wt.vector_phis[id(red.phi)] = w.widen(red.result)  # type: ignore[assignment]
        if fl.n_body is None:
            wt.emit_body()
        else:
            wf = Widener(plan, vf, ph, fl.tail, fl.n_body, zero_start, splats=splats)  # type: ignore[arg-type]
            wt.full, wt.rem = wf, n_mod
            for rec in plan.phis.recurrences:
                # Entered from vector.check (no full vector before) or vector.body.
                vphi = vphis[id(rec.phi)]
                tphi = Phi(vphi.type, "vector.recur.tail", [vphi.operands[0], w.widen(rec.previous)],
                           blocks=[vphi.blocks[0], body.name])
                fl.tail.instructions.append(tphi)
                fl.tail_phis[id(rec.phi)] = wf.previous[id(rec.phi)] = tphi
            for inst in loop.body:
                if id(inst) in wt.access:
                    _emit_overlapping(inst, wf, wt)
        fl.tail_exit_values = _fill_middle(fl, fl.tail_middle, wt, vf - 1)
        fl.tail.instructions.append(Br(void_type(), None, [], targets=[fl.tail_middle.name]))
        if fl.tail_test is not None and fl.tail_one_block is not None and fl.n_body is not None:
            _tail_alone(fl, ph, zero_start, splats)
        fl.tail_widened = wt.vectors
        exits.append((fl.tail_middle, fl.tail_exit_values))
    # Wire: the preheader enters vector.ph, the exit is reached from the middle blocks
    # only, the scalar loop's block goes.
    ph.instructions.append(Br(void_type(), None, [skip], targets=[last.name, (check or body).name]))
    if check is not None and fl.tail is not None and fl.n_body is not None:
        one = Adder(check)(ICmp(I1, "one.full.vector", [fl.n_body, ConstInt(it, 0)], pred="eq"))
        check.instructions.append(Br(void_type(), None, [one], targets=[fl.body_exit.name, body.name]))
    term = loop.preheader.instructions[-1]
    assert isinstance(term, Br)
    term.targets = [ph.name if t == loop.header.name else t for t in term.targets]
    for ephi in plan.exit_phis:
        at_header = ephi.blocks.index(loop.header.name)
        del ephi.operands[at_header], ephi.blocks[at_header]
        for blk, values in exits:
            ephi.operands.append(values[id(ephi)])
            ephi.blocks.append(blk.name)
    at = fn.blocks.index(loop.header)
    tail_blocks = [b for b in (fl.tail_test, fl.tail, fl.tail_one_block, fl.tail_middle) if b is not None]
    piece_blocks = [b for piece in fl.pieces for b in (piece.test, piece.block)][1:]  # (vector.last first)
    fn.blocks[at:at + 1] = [ph, *([check] if check is not None else []), body, *tail_blocks, last, *piece_blocks,
                            middle]
    return fl


# What runs the iterations left after the full vectors (``fold_tail``'s ``shape``).
SHIFTED = "shifted"  # the shifted tail: one vector of VF lanes re-covering some
ALONE = "alone"  # the shifted tail, and where k == 1 the last iteration alone (``tail_alone``)
PAIRS = "pairs"  # the last vector as two overlapping vectors of w lanes (``_last_in_pairs``)
PIECES = "pieces"  # the last vector in pieces of the bits of k (``_last_in_pieces``)
MASKED = "masked"  # the last vector under a mask
REDUCED = "reduced"  # the shifted tail; where no full vector runs, reduced pairs (``_last_reduced_pairs``)
TAIL_SHAPES = (SHIFTED, ALONE, PAIRS, PIECES, MASKED, REDUCED)


def tail_shapes(plan: LoopPlan, vf: int, vscale: int = 0) -> list[str]:
    """The shapes the iterations left after the full vectors of ``vf`` lanes may take,
    the default first. Where the last vector runs in pieces (``pieces_decline``) and the
    shifted tail may run (``shift_decline``; not in place, whose overlapping stores
    stall the next reading of them): the shifted tail, with the last iteration alone
    where it runs as pairs (``in_pairs``: no recurrence; the default where
    ``tail_alone`` holds), the last vector as pairs after the full vectors too (each
    pair's second vector re-stores what its first stored, as the shifted tail does), or
    in pieces; in place, pieces only. Without pieces, the shifted tail (where it may
    run; then with reductions, where ``reduced_decline`` allows, also the last vector as
    reduced pairs, ``REDUCED``) or the masked last vector."""
    in_pieces = pieces_decline(plan) is None and not vscale
    may_shift = shift_decline(plan) is None and not vscale and not (in_pieces and updates_in_place(plan))
    if not in_pieces:
        if may_shift and reduced_decline(plan) is None:
            return [SHIFTED, REDUCED]
        return [SHIFTED] if may_shift else [MASKED]
    if not may_shift:
        return [PIECES]
    if not in_pairs(plan, True):
        return [SHIFTED, PIECES]
    return [ALONE, SHIFTED, PAIRS, PIECES] if tail_alone(plan, True, vf) else [SHIFTED, ALONE, PAIRS, PIECES]


def pieces_decline(plan: LoopPlan) -> str | None:
    """Why the last vector is masked rather than run in pieces, or None. In pieces
    (``_last_in_pieces``), each lane is computed and stored once, by unmasked vectors
    of fewer lanes: for loops whose values after the loop need no lane of the last
    vector (no reduction, no live-out but the induction's; a first-order recurrence's
    predecessor is carried from piece to piece), and whose accesses are consecutive, uniform loads, or interleave
    groups (each piece one wide access of its lanes; a load group with a gap at its end
    read up to its last member: ``_TrimmedGroups``)."""
    if plan.phis.reductions:
        return "a reduction"
    for a in plan.accesses:
        if a.kind not in ("consecutive", "strided") and not (a.kind == "uniform" and not a.is_store):
            return f"a {a.kind} access"
    if any(_needs_lane(plan, incoming(ephi, plan.loop.header.name)) for ephi in plan.exit_phis):
        return "a value of the last iteration used after the loop"
    return None


class _PieceWidener(_TrimmedGroups):
    """A piece of the last vector: a first-order recurrence's lane 0 takes ``preds``
    (the iteration before the piece's, a scalar), lane l > 0 the piece's lane l-1."""

    preds: dict[int, Value]

    def _splice(self, rec: Recurrence) -> Value:
        cur = self.widen(rec.previous)
        vt = cur.type
        first = self._add(InsertElement(vt, "piece.recur.first", [ConstPoison(vt), self.preds[id(rec.phi)],
                                                                  ConstInt(I32, 0)]))
        if self.vf == 1:
            return first
        return self._add(ShuffleVector(vt, "piece.recur", [first, cur], mask=(0, *range(self.vf, 2 * self.vf - 1))))


def _last_in_pieces(plan: LoopPlan, vf: int, ph: Block, blocks: LoopBlocks, last: Block, middle: Block,
                    n_vec: Value, n_mod: Value, zero_start: bool,
                    recs: list[tuple[Recurrence, Phi]]) -> list[LastPiece]:
    """The last vector's k = btc % VF + 1 iterations (1..VF) as unmasked vectors of VF,
    VF/2, .., 1 lanes, one for each bit of k, widest first, each at n.vec plus the
    lanes of the wider ones (``k & -2*width``): no masked move (AVX2's masked store is
    microcoded on AMD's cores; i8 and i16 have none), and each lane stored once (no
    store that a later load of a vector spans partly, which x86 cannot forward from).
    vector.last tests the widest piece's bit, each piece and each failed test go to the
    next test, the last to the middle block. A first-order recurrence's predecessor of
    the first piece is lane VF-1 of ``vector.recur.last`` (the last full vector's, or
    the initial value), extracted in vector.last; each later test's phi takes it from
    the test before (its piece did not run) or the last lane of that piece."""
    p = Adder(ph)
    preds: dict[int, Value] = {id(rec.phi): Adder(last)(ExtractElement(rec.phi.type, "last.recur.pred", [lphi, ConstInt(I32, vf - 1)]))
             for rec, lphi in recs}
    it = n_vec.type
    k = p(BinOp(it, "last.lanes", [n_mod, ConstInt(it, 1)], op="add"))  # type: ignore[arg-type]
    pieces: list[LastPiece] = []
    test, width = last, vf
    while width >= 1:
        bit = p(BinOp(it, f"last.bit{width}", [k, ConstInt(it, width)], op="and"))  # type: ignore[arg-type]
        cond = p(ICmp(I1, f"last.has{width}", [bit, ConstInt(it, 0)], pred="ne"))  # type: ignore[arg-type]
        at = n_vec
        if width < vf:
            before = p(BinOp(it, f"last.before{width}", [k, ConstInt(it, -2 * width)], op="and"))  # type: ignore[arg-type]
            at = p(BinOp(it, f"last.at{width}", [n_vec, before], op="add"))
        block = blocks.new(f"vector.last.{width}")
        nxt = blocks.new(f"last.test.{width // 2}") if width > 1 else middle
        test.instructions.append(Br(void_type(), None, [cond], targets=[block.name, nxt.name]))
        wp = _PieceWidener(plan, width, ph, block, at, zero_start)  # type: ignore[arg-type]
        wp.preds = preds
        wp.emit_body()
        if width > 1:
            # The next test's predecessors: this piece's last lane where it ran.
            after = {id(rec.phi): Adder(block)(ExtractElement(rec.phi.type, "piece.recur.last",
                                                              [wp.widen(rec.previous), ConstInt(I32, width - 1)]))
                     for rec, _ in recs}
            preds = {key: Adder(nxt)(Phi(pred.type, "last.recur.pred", [pred, after[key]],
                                          blocks=[test.name, block.name])) for key, pred in preds.items()}
        block.instructions.append(Br(void_type(), None, [], targets=[nxt.name]))
        pieces.append(LastPiece(width, cond, at, test, block))
        test, width = nxt, width // 2
    return pieces


def in_pairs(plan: LoopPlan, shifted: bool) -> bool:
    """Whether the last vector (run where no full vector is: n <= VF) is two overlapping
    vectors rather than pieces: where the shifted tail is taken (a re-covered lane
    stores again what the first vector stored there: ``shift_decline``), and no
    recurrence (whose second vector's first lane would take its predecessor from the
    middle of the first). Pieces run a vector and a test per bit of k, each piece
    about a nanosecond on top of its vector (``bench loop``: cabs2_f32 at n=5, 4+1
    lanes of VF 8, twice the time of two vectors of 4)."""
    return shifted and not plan.phis.recurrences


def _last_in_pairs(plan: LoopPlan, vf: int, ph: Block, blocks: LoopBlocks, last: Block, middle: Block,
                   n_vec: Value, n_mod: Value, zero_start: bool) -> list[LastPiece]:
    """The last vector's k = btc % VF + 1 iterations (1..VF) as two vectors of w lanes,
    w the widest power of two <= k: at n.vec and at n.vec + k - w (overlapping where
    k < 2w; one vector where k == w: w = VF or 1). The second re-stores lanes the first
    stored, the same values (``shift_decline``: what they load, no store of the loop
    writes). vector.last tests k >= VF, each failed test goes to the next (k >= VF/2,
    ...), each pair to the middle block; the last test (k >= 1) always holds. Each
    vector's memory accesses in the loop's order, the first vector's before the
    second's, access by access (as the paired shifted tail's)."""
    p = Adder(ph)
    it = n_vec.type
    k = p(BinOp(it, "last.lanes", [n_mod, ConstInt(it, 1)], op="add"))  # type: ignore[arg-type]
    pieces: list[LastPiece] = []
    test, width = last, vf
    while width >= 1:
        cond = p(ICmp(I1, f"last.atleast{width}", [k, ConstInt(it, width)], pred="uge"))  # type: ignore[arg-type]
        at = n_vec
        if 1 < width < vf:
            over = p(BinOp(it, f"last.over{width}", [k, ConstInt(it, -width)], op="add"))  # type: ignore[arg-type]
            at = p(BinOp(it, f"last.at{width}", [n_vec, over], op="add"))
        block = blocks.new(f"vector.last.{width}")
        nxt = blocks.new(f"last.test.{width // 2}") if width > 1 else middle
        test.instructions.append(Br(void_type(), None, [cond], targets=[block.name, nxt.name]))
        first = _PieceWidener(plan, width, ph, block, n_vec, zero_start)  # type: ignore[arg-type]
        second = _PieceWidener(plan, width, ph, block, at, zero_start) if at is not n_vec else None  # type: ignore[arg-type]
        for inst in plan.loop.body:
            if id(inst) in first.access:
                if second is None:
                    first.emit_memory(inst)
                else:
                    _emit_overlapping(inst, first, second)
        block.instructions.append(Br(void_type(), None, [], targets=[middle.name]))
        pieces.append(LastPiece(width, cond, at, test, block))
        test, width = nxt, width // 2
    return pieces


def reduced_decline(plan: LoopPlan) -> str | None:
    """Why a loop's last vector (run where no full vector is: n <= VF) may not run as
    reduced pairs (``_last_reduced_pairs``), or None: for loops with reductions whose
    shifted tail may run (no store, no recurrence: ``shift_decline``), with consecutive
    accesses and uniform loads only (a pair's lanes are its iterations in order: no
    interleave group, whose lanes may hold another struct order), and no value of a lane
    live after the loop."""
    if not plan.phis.reductions:
        return "no reduction"
    why = shift_decline(plan)
    if why is not None:
        return why
    for a in plan.accesses:
        if a.kind != "consecutive" and not (a.kind == "uniform" and not a.is_store):
            return f"a {a.kind} access"
    if any(_needs_lane(plan, incoming(ephi, plan.loop.header.name)) for ephi in plan.exit_phis):
        return "a value of the last iteration used after the loop"
    return None


class _RecoveredWidener(_ShiftedWidener):
    """A reduced pair's second vector: unmasked loads (its re-covered lanes read what the
    first vector read), its reduction links fold the identity in the re-covered lanes
    (``rdx.recovered``: ``mask`` off there), divisors 1 there."""

    safe_divisors = True
    masked_name = "rdx.recovered"


def _last_reduced_pairs(plan: LoopPlan, vf: int, ph: Block, blocks: LoopBlocks, last: Block, middle: Block,
                        n_vec: Value, n_mod: Value, zero_start: bool
                        ) -> tuple[list[LastPiece], dict[int, list[tuple[Value, str]]]]:
    """The last vector of a loop with reductions, where no full vector runs (n <= VF;
    ``REDUCED``), as two vectors of w lanes (the widest power of two w <= k = btc % VF +
    1, the iterations left): at n.vec and at n.vec + k - w, unmasked, each folding its
    leaves into an accumulator of its own that starts with the identity; the second's
    first 2w - k lanes re-cover iterations the first ran, and fold the identity there
    (``select`` on ``pair.mask``: lane l on iff l >= 2w - k). Where k == w, one vector.
    The block then combines the two accumulators lane-wise and reduces them
    (``llvm.vector.reduce.*``, the initial value joined after), and goes to the middle
    block, whose phi (``FoldedLoop.pair_rdx``) takes the pair's value. The tests are
    ``_last_in_pairs``': k >= VF, k >= VF/2, .., 1. No masked move: AVX2 has none for 8-
    and 16-bit elements (LLVM moves them lane by lane, a branch each), SSE4 none at all.
    Returns the pairs, and id(reduction phi) -> (its reduced value, its block) per pair."""
    it = n_vec.type
    k = Adder(last)(BinOp(it, "last.lanes", [n_mod, ConstInt(it, 1)], op="add"))  # type: ignore[arg-type]
    pieces: list[LastPiece] = []
    reduced: dict[int, list[tuple[Value, str]]] = {id(red.phi): [] for red in plan.phis.reductions}
    test, width = last, vf
    while width >= 1:
        # (the test's operands in its block: vector.ph, which every trip count runs, pays none)
        p = Adder(test)
        cond = p(ICmp(I1, f"last.atleast{width}", [k, ConstInt(it, width)], pred="uge"))  # type: ignore[arg-type]
        at = n_vec
        if 1 < width < vf:
            over = p(BinOp(it, f"last.over{width}", [k, ConstInt(it, -width)], op="add"))  # type: ignore[arg-type]
            at = p(BinOp(it, f"last.at{width}", [n_vec, over], op="add"))
        block = blocks.new(f"vector.last.{width}")
        nxt = blocks.new(f"last.test.{width // 2}") if width > 1 else middle
        test.instructions.append(Br(void_type(), None, [cond], targets=[block.name, nxt.name]))
        m = Adder(block)
        parts: list[Widener] = [_PieceWidener(plan, width, ph, block, n_vec, zero_start)]  # type: ignore[arg-type]
        if at is not n_vec:
            second = _RecoveredWidener(plan, width, ph, block, at, zero_start)  # type: ignore[arg-type]
            # Lane l is iteration at + l: on iff at + l >= n.vec + w, l >= w-1 - (at - n.vec - 1).
            before = m(BinOp(it, "pair.over", [at, n_vec], op="sub"))  # type: ignore[arg-type]
            before = m(BinOp(it, "pair.rem", [before, ConstInt(it, -1)], op="add"))  # type: ignore[arg-type]
            second.mask = _lane_mask(m, before, width, plan.widest_bits, shifted=True, prefix="pair.")
            parts.append(second)
        starts = {id(red.phi): [_accumulator_start(red, width, part) for part in parts]
                  for red in plan.phis.reductions}
        for part in parts:
            for red in plan.phis.reductions:
                part.vector_phis[id(red.phi)] = starts[id(red.phi)][parts.index(part)]  # type: ignore[assignment]
        for inst in plan.loop.body:
            if id(inst) in parts[0].access:
                for part in parts:
                    part.emit_memory(inst)
        piece = LastPiece(width, cond, at, test, block)
        for red in plan.phis.reductions:
            accs = [part.widen(red.result) for part in parts]
            piece.parts[id(red.phi)] = list(zip(starts[id(red.phi)], accs, strict=True))
            acc = accs[0] if len(accs) == 1 else m(_link(red, accs[0], accs[1], "rdx.pair"))
            reduced[id(red.phi)].append((_final_reduction(red, acc, m), block.name))
        block.instructions.append(Br(void_type(), None, [], targets=[middle.name]))
        pieces.append(piece)
        test, width = nxt, width // 2
    return pieces, reduced


def _link(red: Reduction, a: Value, b: Value, name: str) -> Instruction:
    """``a`` ⊕ ``b`` lane-wise, with the reduction's lane flags (``codegen.lane_flags``)."""
    if red.kind in LANEWISE_INTRINSIC:
        return Call(a.type, name, [a, b], callee=f"llvm.{LANEWISE_INTRINSIC[red.kind]}.{type_suffix(a.type)}",
                    flags=lane_flags(red))
    return BinOp(a.type, name, [a, b], op=red.kind, flags=lane_flags(red))


def _emit_overlapping(inst: Instruction, aligned: Widener, shifted: Widener) -> None:
    """``inst``'s access for two overlapping vectors: ``aligned`` (the last full vector,
    or a pair's first, at n.vec) and ``shifted`` (the shifted tail, or a pair's second),
    whose first lanes re-cover iterations ``aligned`` runs, in that order; a packed
    store group's store the other way round, so that the re-covered elements keep
    ``aligned``'s value: their last writer is the vector whose lanes run their
    iterations in the full vectors' alignment, and the shifted vector's re-covered
    lanes are overwritten, whatever its frozen members hold there (computed a second
    time, they may differ where they are poison). With the shifted store last, the
    witness's tail checks did not finish (cmul_q15_i16, rgba_scale_u8 at VF 8); with it
    first, both are proved for every trip count. (Other stores keep the order: their
    re-covered lanes store the same values, and the tail's recurrence splice is then
    checked on every lane.)"""
    g = group_of(aligned.plan.groups, inst) if isinstance(inst, Store) else None
    if g is not None and g.packed:
        shifted.emit_memory(inst)
        aligned.emit_memory(inst)
    else:
        aligned.emit_memory(inst)
        shifted.emit_memory(inst)


def tail_alone(plan: LoopPlan, shifted: bool, vf: int) -> bool:
    """Whether the paired tail runs the last iteration alone where it is the only one
    left (k == 1): a piece of one lane after the last full vector, not the shifted vector
    re-covering VF-1 of that vector's lanes for it. Where the last vector runs as pairs
    (``in_pairs``: a map of one object into others, no recurrence), with interleave
    groups (whose shuffles the vector pays and a piece of one lane does not: without
    them a piece costs as many instructions as the vector, and the test is extra), of at
    most ``TAIL_ALONE_MAX_VF`` lanes (the test costs every other trip count a branch).
    Measured (A/B in one run, load ~3, of LLVM 22 -O3's time, the last iteration alone /
    the shifted tail, at n = 13, 9, 17, 5, 29, each k == 1 at VF 4): cmul_f64 0.88 / 1.04,
    0.89 / 1.10, 0.88 / 0.99, 0.95 / 1.28, 0.87 / 0.94; cmag2_f64 0.84 / 0.90, 0.81 /
    0.88, 1.00 / 1.06, 0.73 / 0.78, 0.93 / 0.96; without groups about the same:
    waxpby_f64 0.97 / 0.90, 1.02 / 1.09, 1.02 / 1.05, 1.08 / 1.01, 1.06 / 0.93, cdiff_f64
    0.92 / 0.89, 0.91 / 1.01, 0.94 / 0.99, 0.87 / 0.80, 0.95 / 0.93. At VF 8 the 42
    kernels of the six sets taking pairs ran at 0.93 (n=9) and 0.92 (n=17: k == 1) but
    1.055 at n=13 (k == 5; kernels of a nanosecond or two 1.1-1.36, stereo_swap_i16,
    rgba_swap_rb_u8, stereo_join_i16: the test and its operands are a fifth of their
    instructions): k == 1, one trip count in 8, does not repay the other seven."""
    return in_pairs(plan, shifted) and bool(plan.groups) and vf <= TAIL_ALONE_MAX_VF


def _tail_alone(fl: FoldedLoop, ph: Block, zero_start: bool, splats: dict[int, Value]) -> None:
    """``tail.test`` (branch on ``tail.one``: k == 1) and ``vector.tail.1``: the last full
    vector at n.body and the last iteration alone at n.vec, access by access as the
    paired tail's two vectors, then ``middle.tail`` (no value of a lane is live after a
    loop whose last vector runs as pairs: the middle block reads none)."""
    assert fl.tail_test is not None and fl.tail_one_block is not None and fl.tail is not None
    assert fl.tail_middle is not None and fl.n_body is not None and fl.tail_one is not None
    plan = fl.plan
    full = Widener(plan, fl.vf, ph, fl.tail_one_block, fl.n_body, zero_start, splats=splats)  # type: ignore[arg-type]
    alone = _PieceWidener(plan, 1, ph, fl.tail_one_block, fl.n_vec, zero_start)  # type: ignore[arg-type]
    for inst in plan.loop.body:
        if id(inst) in full.access:
            _emit_overlapping(inst, full, alone)
    fl.tail_one_block.instructions.append(Br(void_type(), None, [], targets=[fl.tail_middle.name]))
    fl.tail_test.instructions.append(Br(void_type(), None, [fl.tail_one],
                                        targets=[fl.tail_one_block.name, fl.tail.name]))


def _accumulator_start(red: Reduction, vf: int, w: Widener) -> Value:
    """The accumulator's start: the identity on every lane (the initial value joins after
    the reduction: ``_final_reduction``). For minnum/maxnum an infinity, which their
    vector operations may hold without ``ninf`` (``codegen.lane_flags``): the splat of
    the initial value on every lane instead put it on the whole vector chain, which a
    loop whose initial value arrives late (``m = out[0]`` after the last call's store to
    ``out[0]``) waits for (fmax_f32 at n=13: 1.06x LLVM 22 -O3's time)."""
    return ConstVector(w.vt(red.phi.type), tuple(identity(red.kind, red.phi.type) for _ in range(vf)))


def _final_reduction(red: Reduction, vec: Value, m: Adder) -> Value:
    """``llvm.vector.reduce.<kind>`` of the accumulator, then the initial value folded in
    (``op(rdx, init)``; for fadd/fmul the reduction's start operand): off the vector
    chain, so a loop whose initial value arrives late (``s = out[0]`` after a store to
    ``out[0]``) waits one scalar operation for it, not the whole loop."""
    t = red.phi.type
    if red.kind in ("fadd", "fmul"):
        return m(Call(t, "rdx", [red.init, vec], callee=f"llvm.vector.reduce.{red.kind}.{type_suffix(vec.type)}",
                      flags=lane_flags(red)))
    whole = m(reduce_call(red, vec, "rdx.lanes"))
    if red.kind in LANEWISE_INTRINSIC:
        return m(Call(t, "rdx", [whole, red.init], callee=f"llvm.{LANEWISE_INTRINSIC[red.kind]}.{type_suffix(t)}",
                      flags=lane_flags(red)))
    return m(BinOp(t, "rdx", [whole, red.init], op=red.kind, flags=lane_flags(red)))


def _fill_middle(fl: FoldedLoop, middle: Block, w: _MaskedWidener, lane: int | None,
                 reduced: dict[int, Phi] | None = None) -> dict[int, Value]:
    """A middle block after a last vector (``w``'s): the reductions (``reduced``: the
    values the last vector's blocks reduced, by reduction phi), the live-outs at the
    last active lane (``lane``, or ``btc % VF`` where None), the induction's end values;
    then the branch to the exit. Returns id(exit phi) -> its value."""
    plan, vf = fl.plan, fl.vf
    loop, ind, it, btc = plan.loop, plan.induction, plan.induction.type, fl.btc
    zero_start = isinstance(ind.start, ConstInt) and ind.start.value == 0
    m = Adder(middle)
    live = {id(v): w.widen(v) for v in fl.live_outs.values() if _needs_lane(plan, v)}
    rdx: dict[int, Value] = {id(red.result): reduced[id(red.phi)] if reduced else
                             _final_reduction(red, w.widen(red.result), m) for red in plan.phis.reductions}
    last_lane: Value | None = None if lane is None else ConstInt(I32, lane)
    out: dict[int, Value] = {}
    for ephi in plan.exit_phis:
        v = fl.live_outs[id(ephi)]
        if not loop.contains(v):
            out[id(ephi)] = v
        elif id(v) in rdx:
            out[id(ephi)] = rdx[id(v)]
        elif v is ind.phi or v is ind.next:
            end = btc if zero_start else m(BinOp(it, "ind.last", [ind.start, btc], op="add"))
            out[id(ephi)] = end if v is ind.phi else m(BinOp(it, "ind.end", [end, ConstInt(it, 1)], op="add"))
        else:
            if last_lane is None:
                last_lane = fl.n_mod if fl.vscale and fl.n_mod is not None else \
                    m(BinOp(it, "last.lane", [btc, ConstInt(it, vf)], op="urem"))
            out[id(ephi)] = m(ExtractElement(v.type, f"{v.name}.last" if v.name and not v.name.isdigit() else None,
                                             [live[id(v)], last_lane]))
    middle.instructions.append(Br(void_type(), None, [], targets=[loop.exit.name]))
    return out


def _lane_mask(p: Adder, rem: Value, vf: int, widest_bits: int, shifted: bool = False, prefix: str = "") -> Value:
    """The last vector's mask (in vector.ph): lane l on iff ``l <= btc % VF``, i.e.
    ``n.vec + l <= btc``, compared in lanes as wide as the loop's widest element (8..64
    bits, at most the induction's): one narrow compare, computed once. ``shifted``: the
    shifted tail's, lane l (iteration ``btc - (VF-1) + l``) on iff it is at or above
    ``n.vec``: ``l >= VF-1 - btc % VF`` (a reduced pair's second vector's, ``prefix``
    ``pair.``: VF its lanes, ``rem`` its start's distance from n.vec less one)."""
    it = rem.type
    assert isinstance(it, IntType)
    lt = IntType(min(max(widest_bits, 8), it.bits))
    prefix = prefix or ("tail." if shifted else "")
    if lt.bits < it.bits:
        rem = p(Cast(lt, f"{prefix}rem.trunc" if shifted else "rem.lanes.trunc", [rem], op="trunc"))
    if shifted:  # VF-1 - rem, in 0..VF-1
        rem = p(BinOp(lt, f"{prefix}recovered", [ConstInt(lt, vf - 1), rem], op="sub"))
    vt = VectorType(vf, lt)
    ins = p(InsertElement(vt, f"{prefix}rem.splatinsert", [ConstPoison(vt), rem, ConstInt(I32, 0)]))
    splat = p(ShuffleVector(vt, f"{prefix}rem.splat", [ins, ConstPoison(vt)], mask=(0,) * vf))
    steps = ConstVector(vt, tuple(ConstInt(lt, k) for k in range(vf)))
    return p(ICmp(VectorType(vf, I1), f"{prefix}mask" if shifted else "active.lane.mask", [steps, splat],
                  pred="uge" if shifted else "ule"))


def active_lane_mask(p: Adder, rem: Value, vf: int, vscale: int) -> Value:
    """The last vector's mask in the scalable form: ``llvm.get.active.lane.mask(0, btc %
    VF + 1)`` (SVE's whilelo): lane l on iff ``l <= btc % VF``. ``btc % VF + 1 <= VF``
    never wraps (the trip count itself may: 2^w iterations)."""
    it = rem.type
    assert isinstance(it, IntType)
    count = p(BinOp(it, "lanes.active", [rem, ConstInt(it, 1)], op="add", flags=frozenset({"nuw"})))
    mt = VectorType(vf, I1, vscale)
    return p(Call(mt, "active.lane.mask", [ConstInt(it, 0), count],
                  callee=f"llvm.get.active.lane.mask.{type_suffix(mt)}.{it}"))


def _needs_lane(plan: LoopPlan, v: Value) -> bool:
    """A live-out read from its own vector at the last active lane."""
    ind = plan.induction
    return plan.loop.contains(v) and not (v is ind.phi or v is ind.next
                                          or any(v is r.result for r in plan.phis.reductions))


# ----------------------------------------------------------------------------- --tail auto


def masked_access_cost(plan: LoopPlan, vf: int, target: Target) -> int | None:
    """What the masked accesses add to a vector iteration, or None where the target has
    no masked moves for some access (SSE4; 8- and 16-bit elements on AVX2: LLVM
    scalarizes those, a branch per lane). Masked stores are priced high: see
    ``MASKED_STORE_COST``."""
    extra = 0
    for a in plan.accesses:
        if a.kind == "uniform":
            continue
        t = a.value_type
        bits = getattr(t, "bits", 0)
        if target.name != "avx2" or bits not in (32, 64):
            return None
        regs = target.registers(VectorType(vf, t))  # type: ignore[arg-type]
        extra += MASKED_STORE_COST * regs if a.is_store else regs
    return extra


def short_fold_vf(plan: LoopPlan, vf: int, target: Target) -> tuple[int, str]:
    """``--tail fold``'s lanes and tail shape (``tail_shapes``) for short trip counts.
    Where the target has masked moves for the loop's accesses and the last vector does
    not run in pieces, VF and the default shape. Else (SSE4; i8 and i16 on AVX2; the
    last vector in pieces: ``pieces_decline``) the masked last vector moves lane by
    lane, a branch each, and pieces and pairs cost a vector each and their tests: of VF
    and its halves down to half the nominal trip count, and of the shapes possible, the
    pair whose folded loop costs least over the trip counts 1 .. ``NOMINAL_TRIP_COUNT``
    (``_short_fold_cost``; the default shape, then the wider VF, on a tie). A loop
    updating an object in place (with no interleave group of a factor that is no power
    of two): one 128-bit register of the widest element (``IN_PLACE_BITS``; without
    groups at most that, where it holds 4 lanes or more)."""
    in_pieces = pieces_decline(plan) is None
    if masked_access_cost(plan, vf, target) is not None and not in_pieces:
        return vf, tail_shapes(plan, vf)[0]
    in_register = max(2, IN_PLACE_BITS // max(plan.widest_bits, 8))
    in_place = in_pieces and updates_in_place(plan) and target.register_bits > IN_PLACE_BITS \
        and not any(g.factor & (g.factor - 1) for g in plan.groups)
    if in_place and plan.groups:
        return min(vf, in_register), PIECES
    best, best_cost = (vf, tail_shapes(plan, vf)[0]), -1
    lanes = vf
    # (VF itself always where the last vector may run as reduced pairs: its shape is
    # chosen by cost at any VF)
    while lanes >= max(2, NOMINAL_TRIP_COUNT // 2) or (lanes == vf and REDUCED in tail_shapes(plan, vf)):
        for shape in tail_shapes(plan, lanes):
            total = sum(_short_fold_cost(plan, lanes, target, n, shape) for n in range(1, NOMINAL_TRIP_COUNT + 1))
            if best_cost < 0 or total < best_cost:
                best, best_cost = (lanes, shape), total
        lanes //= 2
    if in_place and in_register >= 4:
        return min(best[0], in_register), best[1]
    return best


def _short_fold_cost(plan: LoopPlan, lanes: int, target: Target, n: int, shape: str) -> int:
    """What the folded loop of ``lanes`` lanes costs at trip count n with the tail's
    ``shape``: its (n-1)//lanes full vectors, then the shifted tail (one vector, where
    there is a full one; a piece of one lane and its test where one iteration is
    left: ``tail_alone``), or the last vector of the k iterations left: as a pair
    (``in_pairs``, where the shifted tail may run and no full vector does, or
    ``PAIRS``; with reductions ``REDUCED``), one or two vectors of the widest w <= k
    and the tests down to it (reduced there, as the masked vector is in the middle block); in
    pieces, a vector of each bit of k and a test per bit; each pair or piece
    ``PIECE_COST`` more; masked (no masked moves), a vector iteration and a scalar one
    per lane. A piece of w lanes costs ``_piece_cost``."""
    scalar_iter, vector_iter = vector_iteration_cost(plan, lanes, target)
    full = (n - 1) // lanes
    k = n - full * lanes
    if shape == ALONE and full:  # the test, and where k == 1 the last iteration alone
        return full * vector_iter + (_piece_cost(plan, 1, target) if k == 1 else vector_iter) + 1
    if shape in (SHIFTED, REDUCED) and full:
        return (full + 1) * vector_iter
    if shape == MASKED or (shape == SHIFTED and pieces_decline(plan) is not None):
        return (full + 1) * vector_iter + lanes * scalar_iter
    if shape in (SHIFTED, ALONE, PAIRS, REDUCED) and in_pairs(plan, True):  # the widest w <= k, twice where k > w
        w = 1 << (k.bit_length() - 1)
        tests = lanes.bit_length() - w.bit_length() + 1
        return full * vector_iter + (1 if k == w else 2) * _piece_cost(plan, w, target) + tests + PIECE_COST
    pieces = sum(_piece_cost(plan, w, target) + PIECE_COST for w in (1 << b for b in range(lanes.bit_length()))
                 if k & w)
    return full * vector_iter + pieces + lanes.bit_length()


def _piece_cost(plan: LoopPlan, lanes: int, target: Target) -> int:
    """A vector of ``lanes`` lanes run once (a piece, a pair's half): the vector
    iteration without the latch's compare and branch; one lane is scalar code, at most
    one scalar iteration."""
    scalar_iter, vector_iter = vector_iteration_cost(plan, lanes, target)
    return (min(scalar_iter, vector_iter) if lanes == 1 else vector_iter) - 2


def updates_in_place(plan: LoopPlan) -> bool:
    """Whether the loop stores to an object it loads (``y[i] = a * y[i]``)."""
    stored = {id(a.access.address.base) for a in plan.accesses if a.is_store}
    return any(id(a.access.address.base) in stored for a in plan.accesses if not a.is_store)


def auto_fold_shape(plan: LoopPlan, vf: int, target: Target) -> str | None:
    """``--tail auto``'s tail shape where it folds: reduced pairs (``REDUCED``) where the
    target has no masked move for some access and the last vector may run so, else the
    default (None)."""
    if masked_access_cost(plan, vf, target) is None and REDUCED in tail_shapes(plan, vf):
        return REDUCED
    return None


def prefer_fold(plan: LoopPlan, vf: int, target: Target) -> bool:
    """``--tail auto``: fold when a loop of the nominal trip count (``NOMINAL_TRIP_COUNT``)
    costs no more folded ((T-1)//VF unmasked vector iterations, one masked: the mask's
    subtract, broadcast and compare and a select per reduction on top, and the test
    whether any full vector runs) than with the epilogue (floor(T/VF) vector iterations,
    the remainder's scalar iterations counted at their average (VF-1)/2, and the two
    checks around the vector loop). With the shifted tail (``shift_decline``) a loop of
    at least VF iterations runs no masked move: only the mask is paid, and where the loop
    updates an object in place, the stall of its next reading of the re-covered lanes
    (``STORE_FORWARD_STALL``), at the share of trip counts that re-cover lanes ((VF-1)/VF:
    all but the multiples of VF). A loop whose last vector runs in pieces
    (``pieces_decline``) is priced as ``_short_fold_cost`` at T: no mask, no masked move,
    and in place no shifted tail (so no stall); one whose masked last vector would move
    lanes one by one and that may run it as reduced pairs (``auto_fold_shape``) likewise
    (no mask, no masked move)."""
    extra = masked_access_cost(plan, vf, target)
    scalar_iter, vector_iter = vector_iteration_cost(plan, vf, target)
    t = NOMINAL_TRIP_COUNT
    epilogue = (t // vf) * vector_iter + (vf - 1) * scalar_iter // 2 + 2
    if pieces_decline(plan) is None:
        # The last vector in pieces: no masked move, no mask; in place no shifted tail.
        return _short_fold_cost(plan, vf, target, t, tail_shapes(plan, vf)[0]) + 1 <= epilogue
    if extra is None:
        shape = auto_fold_shape(plan, vf, target)
        return shape is not None and _short_fold_cost(plan, vf, target, t, shape) + 1 <= epilogue
    if shift_decline(plan) is None and vf <= NOMINAL_TRIP_COUNT:
        extra = STORE_FORWARD_STALL * (vf - 1) // vf if updates_in_place(plan) else 0
    mask = 2 + target.broadcast + target.registers(VectorType(vf, IntType(max(plan.widest_bits, 8))))
    selects = sum(target.registers(VectorType(vf, r.phi.type)) for r in plan.phis.reductions)  # type: ignore[arg-type,misc]
    folded = ((t - 1) // vf) * vector_iter + vector_iter + extra + mask + selects + 1
    return folded <= epilogue
