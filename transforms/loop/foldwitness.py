"""The proof of a tail-folded loop (:mod:`.tailfold`) for every trip count: the witness of
:mod:`.witness` for its loop of full vectors, and the last, masked vector as obligations
of its own.

The state ``V`` is ``index`` and each vector phi (a folded reduction's: any value);
``alpha(V)`` is as for the epilogue form (``iv = start + index``, ``rec = vrec[VF-1]``,
``red = llvm.vector.reduce.<kind>(vacc)``). Two invariants: ``Main(index)``: ``index % VF
== 0`` and ``index <u n.vec`` (a full vector follows; ``n.vec = btc - btc % VF``), and
``Last(index)``: ``index == n.vec`` (the last vector follows). The loop-invariant values
(``btc``, ``n.vec``, the mask, the splats) are recomputed in each obligation from the
function's arguments. Obligations:

* **entry**: ``vector.ph`` gives ``alpha(V0)`` equal to the scalar loop's start values,
  and ``Main(0)`` where it enters ``vector.body``, ``Last(0)`` where it enters
  ``vector.last``.
* **full**: from any ``index`` with ``Main``, the scalar loop's next VF exit tests all go
  on (the exit test's slice of the body alone: no memory).
* **step**: from any ``V`` with ``Main`` (the VF scalar iterations from ``alpha(V)`` going
  on), the unmasked ``vector.body`` writes the same memory, reaches ``alpha(V')``, and
  ``Last(V')`` where it leaves to ``vector.last``, ``Main(V')`` where it goes on.
* **mask**: from any ``index`` with ``Last``, the mask has lane l on exactly when the
  scalar loop runs iteration ``index + l``, and the loop leaves within VF iterations.
* **last k** (k = 1..VF): from any ``V`` with ``Last``, where the scalar loop leaves
  after its k-th iteration (its own exit tests select the case), ``vector.last`` with
  only k lanes active (the others must neither access memory nor change the
  reductions) writes the same memory, and the middle block hands the exit block what
  the scalar loop's k-th iteration would (reductions folded, live-outs at the last
  active lane, the induction's end values).

**Reductions by algebra** (``folds.fold_of``, as in the epilogue form): a reduction of
the shape tail folding makes is not in the state; the checks compare its *leaves*, the
operand each lane's link folds in, with the scalar iterations' (step: all VF lanes of
``vector.body``; last k: the first k lanes of ``vector.last``, and the identity, or for
minnum/maxnum the initial value, in the others). ``vector.last``'s accumulator continues
``vector.body``'s (both enter with the same start), so every lane folds the identity (or
the initial value) and its leaves: the reorder is the operation's algebra, or
``reassoc`` / ``nnan nsz``.

**Reduced pairs** (``tailfold.REDUCED``): each pair block's two vectors are the two parts
of a fold of their own (``fold_of`` with the accumulators entered as the identity, which
is checked: vector.last is entered from vector.ph alone, before any leaf was folded, as
the structure check requires), reduced into the middle block's phi, which must be the
reduction's exit value. ``last k`` compares the source's k leaves and VF - k identities
with the pair's lanes in iteration order: the first vector's w lanes, the second's lanes
2w-k.. (iterations w..k-1), then its re-covered lanes (which must hold the identity) and
VF - 2w identities.

**The frozen bound.** The vector loop reads ``%bound.fr = freeze %bound`` (computed
once in ``vector.ph``). The obligations' sources are the scalar loop with its bound
frozen once before it, ``S'``, which refines the scalar loop ``S`` (a frozen value is
one of the values an undef could take at each use, and poison's uses are UB or poison
in ``S``); both sides read that value as one noundef input (the source's freeze may
choose the target's value). So the checks prove ``T`` refines ``S'``, and hence ``S``;
they need not consider a bound whose every use takes another undef value, which the
solver finds hard.

Each source runs exactly the scalar iterations of its case, unconditionally (a straight
line), and assumes its case (an ``llvm.assume`` of the exit tests: outside its case the
source is UB, so the obligation says nothing there, and another covers it). By
induction on the vector iterations the folded loop refines the scalar loop for every
trip count, including 2^w.
"""

from __future__ import annotations

from vecverify.ir.types import VectorType
from vecverify.ir.values import (
    BinOp,
    Br,
    Call,
    Cast,
    ConstInt,
    ConstPoison,
    ConstVector,
    ExtractElement,
    ICmp,
    InsertElement,
    Instruction,
    Load,
    Phi,
    Select,
    Store,
    Value,
)

from .codegen import identity
from .folds import FLOATING_KINDS, Fold, fold_of, is_identity_vector
from .groups import next_iteration_reads
from .phis import Reduction
from .tailfold import FoldedLoop, LastPiece
from .witness import (
    FALSE,
    I1,
    I32,
    TRUE,
    WITNESS_OF,
    Obligation,
    Params,
    Side,
    Witness,
    WitnessError,
    branch_cond,
    emit_and,
    emit_not,
    goes_to,
    true_target,
)


class FoldedWitness(Witness):
    """The correspondence of one tail-folded loop, and its VF + 5 obligations."""

    def __init__(self, fl: FoldedLoop) -> None:
        self.fl = fl
        self.body_folds: dict[int, Fold] = {}
        self.tail_folds: dict[int, Fold] = {}
        self.pair_folds: dict[str, dict[int, Fold]] = {}  # reduced pairs: pair block -> its folds
        self._came = ""  # the last pair block _pair ran
        super().__init__(fl)  # type: ignore[arg-type]  # Witness reads plan, vf, vector_phis
        self._folded_links |= {id(link) for f in self.body_folds.values() for link in f.links}
        self._folded_links |= {id(link) for f in self.tail_folds.values() for link in [*f.links, *f.final]}
        self._folded_links |= {id(link) for folds in self.pair_folds.values() for f in folds.values()
                               for link in [*f.links, *f.final]}
        self._folded_links |= {id(fl.pair_rdx[key]) for key in self.folds if key in fl.pair_rdx}

    def _find_folds(self) -> dict[int, Fold]:
        """The reductions whose fold the algebra proves (``folds.fold_of``, one part, in
        both blocks): the checks compare their leaves, the operands each lane folds in
        (in an inactive lane: the identity, or for minnum/maxnum the initial value).
        Another shape of an integer reduction is compared by the solver through alpha.
        Returns the last vector's folds (``body_folds``: vector.body's)."""
        fl = self.fl
        folds: dict[int, Fold] = {}
        for red in self.plan.phis.reductions:
            key = id(red.phi)
            uses = [fl.exit_values[id(ep)] for ep in self.plan.exit_phis if fl.live_outs[id(ep)] is red.result]
            body = fold_of(red, self.vf, 1, (fl.check or fl.vector_ph).name, fl.body.name, [fl.vector_phis[key]], [])
            pairs: dict[str, Fold | str] = {}
            if key in fl.pair_rdx:
                # Reduced pairs: each pair block's vectors are the parts of a fold of its
                # own, which starts with the identity and reduces into the middle
                # block's phi; the first pair's stands for the last vector's.
                for piece in fl.pieces:
                    pairs[piece.block.name] = self._pair_fold(red, piece)
                last = pairs[fl.pieces[0].block.name]
            else:
                last = fold_of(red, self.vf, 1, fl.vector_ph.name, fl.last.name, [fl.last_phis[key]], uses,
                               updated=[fl.widened[id(red.result)]])
            tail: Fold | str | None = None
            if fl.tail is not None and isinstance(body, Fold):
                # The shifted tail continues vector.body's accumulator (no phi of its own).
                tail_uses = [fl.tail_exit_values[id(ep)] for ep in self.plan.exit_phis
                             if fl.live_outs[id(ep)] is red.result]
                tail = fold_of(red, self.vf, 1, fl.vector_ph.name, fl.tail.name, [fl.vector_phis[key]], tail_uses,
                               updated=[fl.tail_widened[id(red.result)]],
                               entered=[_incoming(fl.body.name, fl.vector_phis[key])], late_init=body.late)
            why = next((f for f in (body, last, tail, *pairs.values()) if isinstance(f, str)), None)
            if why is None:
                assert isinstance(body, Fold) and isinstance(last, Fold)
                folds[key], self.body_folds[key] = last, body
                for name, fold in pairs.items():
                    assert isinstance(fold, Fold)
                    self.pair_folds.setdefault(name, {})[key] = fold
                if isinstance(tail, Fold):
                    self.tail_folds[key] = tail
            elif red.kind in FLOATING_KINDS:
                raise WitnessError(f"reduction %{red.phi.name}: {why}")
        return folds

    def _pair_fold(self, red: Reduction, piece: LastPiece) -> Fold | str:
        """A reduced pair's fold: its vectors' accumulators (the parts), each starting
        with the identity, reduced into the value the middle block's phi takes from
        the pair's block."""
        parts = piece.parts.get(id(red.phi), [])
        if not parts or not all(is_identity_vector(start, red) for start, _ in parts):
            return f"a reduced pair's accumulator of %{red.phi.name} does not start with the identity"
        starts = [start for start, _ in parts]
        use = _incoming(piece.block.name, self.fl.pair_rdx[id(red.phi)])
        return fold_of(red, piece.width, len(parts), self.fl.vector_ph.name, piece.block.name, starts,  # type: ignore[arg-type]
                       [use], updated=[acc for _, acc in parts], entered=starts, late_init=True)

    def _pair_leaves(self, side: Side, k: int) -> list[Value]:
        """The reduced pair's leaves for k iterations, in the scalar iterations' order:
        the first vector's w lanes (iterations 0..w-1), the second's lanes 2w-k..w-1
        (iterations w..k-1); then its re-covered lanes 0..2w-k-1 and VF - 2w lanes of
        the identity, for the source's inactive lanes (where k == w: the first vector
        and VF - w of the identity)."""
        piece = next(pc for pc in self.fl.pieces if pc.width <= k)
        folds = self.pair_folds[piece.block.name]
        w = piece.width
        slots = [(0, lane) for lane in range(w)]
        if k > w:
            slots += [(1, lane) for lane in range(2 * w - k, w)] + [(1, lane) for lane in range(2 * w - k)]
        out: list[Value] = []
        for part, lane in slots:
            for fold in folds.values():
                for leaf in fold.leaves[part]:
                    out.append(side.emit(ExtractElement(leaf.type.scalar, None,  # type: ignore[attr-defined]
                                                        [side.value(leaf), ConstInt(I32, lane)])))
        for _ in range(self.vf - len(slots)):
            out += self._inactive_leaves(side)
        return out

    def _inactive_leaves(self, side: Side) -> list[Value]:
        """What each folded reduction's link folds in an inactive lane (one per link):
        the identity (dropped by the fold; for minnum/maxnum an infinity)."""
        out: list[Value] = []
        for fold in self.folds.values():
            red = fold.reduction
            out += [identity(red.kind, red.phi.type)] * len(red.chain)
        return out

    def _block_leaves(self, side: Side, folds: dict[int, Fold], lanes: list[int] | None = None) -> list[Value]:
        """The folded reductions' leaves in a vector block, lane by lane (the scalar
        copies' order; ``lanes``: in this order)."""
        out: list[Value] = []
        for lane in range(self.vf) if lanes is None else lanes:
            for fold in folds.values():
                for leaf in fold.leaves[0]:
                    out.append(side.emit(ExtractElement(leaf.type.scalar, None,  # type: ignore[attr-defined]
                                                        [side.value(leaf), ConstInt(I32, lane)])))
        return out

    def _live_outs(self) -> list[Value]:
        seen: list[Value] = []
        for ep in self.plan.exit_phis:
            v = self.fl.live_outs[id(ep)]
            if self.loop.contains(v) and not any(v is s for s in seen):
                seen.append(v)
        return seen

    def _full(self, side: Side, index: Value) -> Value:
        """Full(index): a full vector follows."""
        it = self.ind.type
        rem = side.emit(BinOp(it, None, [index, ConstInt(it, self.vf)], op="urem"))
        return emit_and(side, [side.emit(ICmp(I1, None, [rem, ConstInt(it, 0)], pred="eq")),
                           side.emit(ICmp(I1, None, [index, side.value(self.fl.n_vec)], pred="ult"))])

    def _is_last_full(self, side: Side, index: Value) -> Value:
        it = self.ind.type
        after = side.emit(BinOp(it, None, [index, ConstInt(it, self.vf)], op="add"))
        return side.emit(ICmp(I1, None, [after, side.value(self.fl.n_vec)], pred="eq"))

    def _main(self, side: Side, index: Value) -> Value:
        """Main(index): vector.body follows: Full, and with the paired tail not the last
        full vector (that one runs in vector.tail)."""
        if self.fl.check is None:
            return self._full(side, index)
        return emit_and(side, [self._full(side, index), emit_not(side, self._is_last_full(side, index))])

    def _tail_at(self, side: Side, index: Value) -> Value:
        """Tail(index): the next full vector is the last (the paired tail runs it)."""
        return emit_and(side, [self._full(side, index), self._is_last_full(side, index)])

    def _last(self, side: Side, index: Value) -> Value:
        """Last(index): the last vector follows."""
        return side.emit(ICmp(I1, None, [index, side.value(self.fl.n_vec)], pred="eq"))

    def _goes_to(self, side: Side, to_last: Value, index: Value, paired: bool = False) -> Value:
        """The invariant of the block a branch takes: Last (``paired``: Tail) where
        ``to_last``, else Main."""
        there = self._tail_at(side, index) if paired else self._last(side, index)
        return side.emit(BinOp(I1, None, [emit_and(side, [to_last, there]),
                                           emit_and(side, [emit_not(side, to_last), self._main(side, index)])], op="or"))

    def _state(self, side: Side) -> tuple[Value, dict[int, list[Value]]]:
        # The frozen bound: one defined value the vector loop reads, and the source's
        # exit tests too (see the module docstring).
        bound = side.state("bound.fr", self.ind.type, noundef=True)
        side.vmap[id(self.fl.bound_fr)] = bound
        if side.name == "src":
            side.vmap[id(self.ind.bound)] = bound
        index = side.state("index", self.ind.type, noundef=True)
        vphis = self._by_phi([(phi, side.state(f"v.{phi.name}", vphi.type, undef=self.undefs.may_be_undef(vphi)))
                              for phi, _, vphi in self._vector_phi_types()])
        return index, vphis

    def _scalar_run(self, side: Side, state: list[Value], count: int) -> tuple[list[Value], list[Value], list[Value]]:
        """``count`` scalar iterations from header state ``state``: the state after them,
        each iteration's "goes on" condition and the folded reductions' leaves (the
        accumulators of those are not computed: see folds.py)."""
        phis = self.loop.phis
        goes_on: list[Value] = []
        leaves: list[Value] = []
        for k in range(count):
            for phi, v in zip(phis, state, strict=True):
                side.vmap[id(phi)] = v
            for inst in self.loop.body:
                if not isinstance(inst, Phi) and id(inst) not in self._folded_links:
                    side.clone(inst, f".{k}")
            leaves += self._scalar_leaves(side)
            cond = side.value(self.ind.compare)
            goes_on.append(cond if self.loop.continues_when_true() else emit_not(side, cond))
            state = [v if id(phi) in self.folds else side.value(_incoming(self.loop.header.name, phi))
                     for phi, v in zip(phis, state, strict=True)]
        return state, goes_on, leaves

    def _vector_block(self, side: Side, vphis: dict[int, list[Value]], last: int = 0, index: Value | None = None) -> None:
        """``vector.body`` (from ``index``) or, with ``last`` = k, ``vector.last`` with its
        mask the constant of the first k lanes on (the mask obligation proves it is, in
        each case), cloned from the state's vector phis."""
        fl = self.fl
        block, phis = (fl.last, fl.last_phis) if last else (fl.body, fl.vector_phis)
        if index is not None:
            side.vmap[id(fl.index)] = index
        for phi, k, _ in self._vector_phi_types():
            if id(phi) in phis:  # (reduced pairs: vector.last has no reduction phis)
                side.vmap[id(phis[id(phi)])] = vphis[id(phi)][k]
        if last and fl.pieces:
            self._pieces(side, last)
            return
        if last:
            assert fl.mask is not None
            mt = fl.mask.type
            assert isinstance(mt, VectorType)
            side.vmap[id(fl.mask)] = ConstVector(mt, tuple(TRUE if lane < last else FALSE for lane in range(self.vf)))
        for inst in block.instructions[:-1]:
            if not isinstance(inst, Phi) and id(inst) not in self._folded_links:
                side.clone(inst)

    def _pieces(self, side: Side, k: int) -> None:
        """The last vector in pieces for k iterations: the pieces of the bits of k, each
        at ``n.vec + (k & -2*width)`` (the mask check proves the tests and the starts
        are these, in each case); each test's phis (a recurrence's predecessor) take
        the value from the block the path of k comes from, vector.last's are the
        state's."""
        fl = self.fl
        it = self.ind.type
        n_vec = side.value(fl.n_vec)
        if fl.pairs:
            self._pair(side, k, n_vec)
            return
        came: str | None = None
        for piece in fl.pieces:
            for inst in piece.test.instructions[:-1]:
                if not isinstance(inst, Phi):
                    side.clone(inst)
                elif came is not None:
                    side.vmap[id(inst)] = side.value(_incoming(came, inst))
            if not k & piece.width:
                came = piece.test.name
                continue
            came = piece.block.name
            before = k & -2 * piece.width
            side.vmap[id(piece.at)] = n_vec if not before else \
                side.emit(BinOp(it, None, [n_vec, ConstInt(it, before)], op="add"))
            for inst in piece.block.instructions[:-1]:
                side.clone(inst)

    def _pair(self, side: Side, k: int, n_vec: Value) -> None:
        """The last vector as two overlapping vectors for k iterations: the tests down to
        the widest w <= k (the mask check proves each test is k >= w and the second
        vector's start n.vec + k - w where it holds), then that pair."""
        it = self.ind.type
        for piece in self.fl.pieces:
            for inst in piece.test.instructions[:-1]:
                side.clone(inst)
            if k < piece.width:
                continue
            side.vmap[id(piece.at)] = n_vec if k == piece.width else \
                side.emit(BinOp(it, None, [n_vec, ConstInt(it, k - piece.width)], op="add"))
            for inst in piece.block.instructions[:-1]:
                if id(inst) not in self._folded_links:
                    side.clone(inst)
            self._came = piece.block.name
            return

    def _new(self) -> tuple[Side, Side]:
        params = Params()
        return Side("src", params, self.fn), Side("tgt", params, self.fn)

    def entry(self) -> Obligation:
        src, tgt = self._new()
        starts = [src.value(_incoming(self.loop.preheader.name, phi)) for phi in self.loop.phis]
        # The frozen bound: any defined value (what the freeze chose), one for every use.
        tgt.vmap[id(self.fl.bound_fr)] = tgt.state("bound.fr", self.ind.type, noundef=True)
        fl = self.fl
        for inst in [*fl.vector_ph.instructions[:-1], *(fl.check.instructions[:-1] if fl.check else [])]:
            if inst is not fl.bound_fr:
                tgt.clone(inst)
        vphis = self._by_phi([(phi, tgt.value(_incoming((fl.check or fl.vector_ph).name, vphi)))
                              for phi, _, vphi in self._vector_phi_types()])
        zero = ConstInt(self.ind.type, 0)
        alpha0 = self._alpha(tgt, zero, vphis)
        skip = tgt.value(fl.skip)
        ok: Value
        if fl.check is not None:
            # vector.check: to the paired tail (Tail(0)) where the only full vector is
            # the last one, else to vector.body (Main(0)).
            one = goes_to(tgt, fl.check, fl.body_exit.name)
            on = self._goes_to(tgt, one, zero, paired=True)
            ok = tgt.emit(BinOp(I1, None, [emit_and(tgt, [skip, self._last(tgt, zero)]),
                                           emit_and(tgt, [emit_not(tgt, skip), on])], op="or"))
        else:
            ok = self._goes_to(tgt, skip, zero)
        return Obligation("entry", src.finish([*self._kept_phis(starts), TRUE]),
                          tgt.finish([*self._kept_phis(alpha0), ok]))

    def full(self) -> Obligation:
        """From any ``index`` with Full, the next VF exit tests go on."""
        src, tgt = self._new()
        index, _ = self._state(src)
        src.assume(self._full(src, index))
        goes_on = self._exit_tests(src, self._iv(src, index))
        self._state(tgt)
        return Obligation("full", src.finish([emit_and(src, goes_on)]), tgt.finish([TRUE]))

    def step(self) -> Obligation:
        src, tgt = self._new()
        index, vphis = self._state(src)
        src.assume(self._main(src, index))
        state, goes_on, src_leaves = self._scalar_run(src, self._alpha(src, index, vphis), self.vf)
        src.assume(emit_and(src, goes_on))
        # A load group with a gap at its end: the wide load's last bytes lie before the
        # next iteration's member 0, which the scalar loop reads (a vector, full or
        # last, follows every full vector): the source reads it too.
        for phi, v in zip(self.loop.phis, state, strict=True):
            src.vmap[id(phi)] = v
        for inst in next_iteration_reads(self.plan.groups, self.loop.body):
            src.clone(inst, ".next")
        index, vphis = self._state(tgt)
        self._vector_block(tgt, vphis, index=index)
        index2 = tgt.value(self.fl.index_next)
        vphis2 = self._by_phi([(phi, vphis[id(phi)][0] if id(phi) in self.folds else
                                tgt.value(_incoming(self.fl.body.name, vphi)))
                               for phi, _, vphi in self._vector_phi_types()])
        header = self._alpha(tgt, index2, vphis2)
        done = tgt.value(branch_cond(self.fl.body))
        to_last = done if true_target(self.fl.body) == self.fl.body_exit.name else emit_not(tgt, done)
        return Obligation("step", src.finish([*self._kept_phis(state), *src_leaves, TRUE]),
                          tgt.finish([*self._kept_phis(header), *self._block_leaves(tgt, self.body_folds),
                                      self._goes_to(tgt, to_last, index2, paired=self.fl.check is not None)]))

    def _at_last(self, side: Side) -> tuple[Value, dict[int, list[Value]]]:
        """The state where the last vector follows, with ``index`` n.vec itself: the
        invariant Last(index) is ``index == n.vec``, so the source computes from n.vec
        (what the target's vector.last reads) instead of assuming the equality. The same
        set of executions, but the solver need not find that the source's and the
        target's addresses are the same 64-bit sums (the assumed equality cost
        0.3-2 s per last k obligation; docs/benchmarks-speed.md)."""
        _, vphis = self._state(side)
        return side.value(self.fl.n_vec), vphis

    def last(self, k: int) -> Obligation:
        src, tgt = self._new()
        index, vphis = self._at_last(src)
        _, goes_on, src_leaves = self._scalar_run(src, self._alpha(src, index, vphis), k)
        src.assume(emit_and(src, [*goes_on[:-1], emit_not(src, goes_on[-1])]))
        # The inactive lanes' leaves: the identity (or the initial value).
        for _ in range(k, self.vf):
            src_leaves += self._inactive_leaves(src)
        # The exit phis' values from the k-th iteration (its clones are mapped last); a
        # folded reduction's are checked by folds.fold_of: left out.
        exits = [ep for ep in self.plan.exit_phis if not self._is_folded_result(self.fl.live_outs[id(ep)])]
        src_exit = [src.value(self.fl.live_outs[id(ep)]) for ep in exits]
        _, vphis = self._state(tgt)
        self._vector_block(tgt, vphis, last=k)
        for inst in self.fl.middle.instructions[:-1]:
            if id(inst) in self._folded_links:
                continue
            if isinstance(inst, Phi):  # reduced pairs, a reduction the solver compares: the pair's value
                tgt.vmap[id(inst)] = tgt.value(_incoming(self._came, inst))
            else:
                tgt.clone(inst)
        tgt_exit = [tgt.value(self.fl.exit_values[id(ep)]) for ep in exits]
        leaves = self._pair_leaves(tgt, k) if self.pair_folds else self._block_leaves(tgt, self.folds)
        return Obligation(f"last{k}", src.finish([*src_exit, *src_leaves]), tgt.finish([*tgt_exit, *leaves]))

    def mask(self) -> Obligation:
        """From any ``index`` with Last, the mask has lane l on exactly when the scalar
        loop runs iteration ``index + l``: lane 0 always, lane l when the exit tests of
        iterations ``index .. index+l-1`` all go on; and some exit test of the VF leaves."""
        src, tgt = self._new()
        index, _ = self._at_last(src)
        goes_on = self._exit_tests(src, self._iv(src, index))
        lanes: list[Value] = [TRUE]
        for g in goes_on[:-1]:
            lanes.append(emit_and(src, [lanes[-1], g]))
        ends = emit_not(src, emit_and(src, goes_on))
        src_out: list[Value] = [ends]
        tgt_out: list[Value | LastPiece] = [TRUE]  # a LastPiece: its pair's start (_pair_start)
        if self.fl.mask is not None:
            mt = self.fl.mask.type
            vec: Value = ConstPoison(mt)
            for lane, v in enumerate(lanes):
                vec = src.emit(InsertElement(mt, None, [vec, v, ConstInt(I32, lane)]))
            src_out.append(vec)
            tgt_out.append(self.fl.mask)
        if self.fl.pieces:
            # k, the lanes on (the iterations left): piece w runs where bit w of k is set,
            # at index + (k & -2w).
            it = self.ind.type
            k: Value = ConstInt(it, 1)
            for on in lanes[1:]:
                k = src.emit(BinOp(it, None, [k, src.emit(Cast(it, None, [on], op="zext"))], op="add"))
            wider: Value = FALSE  # pairs: the test before held
            for piece in self.fl.pieces:
                if self.fl.pairs:
                    # Pairs: the test is k >= w; where it is the first that holds, the
                    # second vector starts at index + k - w (compared there only).
                    on = src.emit(ICmp(I1, None, [k, ConstInt(it, piece.width)], pred="uge"))
                    over = src.emit(BinOp(it, None, [k, ConstInt(it, -piece.width)], op="add"))
                    at = src.emit(BinOp(it, None, [index, over], op="add"))
                    runs = emit_and(src, [on, emit_not(src, wider)])
                    src_out += [on, src.emit(Select(it, None, [runs, at, ConstInt(it, 0)]))]
                    tgt_out += [piece.cond, piece]
                    wider = on
                    continue
                bit = src.emit(BinOp(it, None, [k, ConstInt(it, piece.width)], op="and"))
                src_out.append(src.emit(ICmp(I1, None, [bit, ConstInt(it, 0)], pred="ne")))
                before = src.emit(BinOp(it, None, [k, ConstInt(it, -2 * piece.width)], op="and"))
                src_out.append(src.emit(BinOp(it, None, [index, before], op="add")))
                tgt_out += [piece.cond, piece.at]
        if self.fl.tail_mask is not None:
            # The shifted tail's lane l is iteration index + l - (VF-1 - btc % VF): on
            # exactly when iteration index + VF-1 - l runs (the masked lane VF-1-l).
            tmt = self.fl.tail_mask.type
            tail: Value = ConstPoison(tmt)
            for lane in range(self.vf):
                tail = src.emit(InsertElement(tmt, None, [tail, lanes[self.vf - 1 - lane], ConstInt(I32, lane)]))
            # btc % VF = (the lanes on) - 1, and where the tail starts: btc - (VF-1) =
            # index + (the lanes on) - VF.
            it = self.ind.type
            rem: Value = ConstInt(it, 0)
            for on in lanes[1:]:
                rem = src.emit(BinOp(it, None, [rem, src.emit(Cast(it, None, [on], op="zext"))], op="add"))
            start = src.emit(BinOp(it, None, [index, src.emit(BinOp(it, None, [rem, ConstInt(it, 1 - self.vf)],
                                                                         op="add"))], op="add"))
            assert self.fl.tail_start is not None and self.fl.n_mod is not None
            src_out += [tail, start, rem]
            tgt_out += [self.fl.tail_mask, self.fl.tail_start, self.fl.n_mod]
            if self.fl.tail_one is not None:  # the last iteration alone: k == 1
                src_out.append(src.emit(ICmp(I1, None, [rem, ConstInt(it, 0)], pred="eq")))
                tgt_out.append(self.fl.tail_one)
        self._state(tgt)
        outs = [self._pair_start(tgt, v) if isinstance(v, LastPiece) else tgt.value(v) for v in tgt_out]
        return Obligation("mask", src.finish(src_out), tgt.finish(outs))

    def _pair_start(self, side: Side, piece: LastPiece) -> Value:
        """A pair's second start where its test is the first that holds, else 0."""
        it = self.ind.type
        at = self.fl.pieces.index(piece)
        runs = side.value(piece.cond)
        if at:
            runs = emit_and(side, [runs, emit_not(side, side.value(self.fl.pieces[at - 1].cond))])
        return side.emit(Select(it, None, [runs, side.value(piece.at), ConstInt(it, 0)]))

    def _iv(self, side: Side, index: Value) -> Value:
        start = side.value(self.ind.start)
        if isinstance(start, ConstInt) and start.value == 0:
            return index
        return side.emit(BinOp(self.ind.type, "iv", [start, index], op="add"))

    def _exit_tests(self, side: Side, iv: Value) -> list[Value]:
        """The next VF iterations' "goes on" conditions from the induction alone (the
        exit test's slice of the loop body: the induction's step and the compare)."""
        out: list[Value] = []
        for k in range(self.vf):
            side.vmap[id(self.ind.phi)] = iv
            for inst in self._exit_slice():
                side.clone(inst, f".{k}")
            cond = side.value(self.ind.compare)
            out.append(cond if self.loop.continues_when_true() else emit_not(side, cond))
            iv = side.value(self.ind.next)
        return out

    def _exit_slice(self) -> list[Instruction]:
        """The loop body's instructions the exit test depends on, in order."""
        need: set[int] = set()
        stack: list[Value] = [self.ind.compare]
        while stack:
            v = stack.pop()
            if not self.loop.contains(v) or id(v) in need or v is self.ind.phi:
                continue
            assert isinstance(v, Instruction)
            if isinstance(v, Phi | Load | Store | Call):
                raise WitnessError(f"the exit test depends on %{v.name}")
            need.add(id(v))
            stack += v.operands
        return [i for i in self.loop.body if id(i) in need]

    def tail(self, k: int) -> Obligation:
        """From any ``V`` with Main where the next full vector is the last
        (``index + VF == n.vec``) and the scalar loop leaves after VF + k iterations:
        ``vector.body`` once, then the shifted tail (its lanes VF-k.. on; the ones below
        re-cover iterations the full vector just ran, whose accesses it made: this
        obligation holds that memory history), then ``middle.tail``, write the same
        memory and hand the exit block the same values; the tail's leaves are the
        iterations VF.. (the full vector's: the step check's, from the same state)."""
        fl = self.fl
        assert fl.tail is not None and fl.tail_middle is not None and fl.tail_mask is not None
        src, tgt = self._new()
        it = self.ind.type
        index, vphis = self._state(src)
        src.assume(self._tail_at(src, index))
        _, goes_on, src_leaves = self._scalar_run(src, self._alpha(src, index, vphis), self.vf + k)
        src.assume(emit_and(src, [*goes_on[:-1], emit_not(src, goes_on[-1])]))
        # The full vector's leaves are the step check's (from the same state): only the
        # tail's are compared here.
        per_iteration = sum(len(f.reduction.chain) for f in self.folds.values())
        src_leaves = src_leaves[self.vf * per_iteration:]
        for _ in range(k, self.vf):
            src_leaves += self._inactive_leaves(src)
        exits = [ep for ep in self.plan.exit_phis if not self._is_folded_result(fl.live_outs[id(ep)])]
        src_exit = [src.value(fl.live_outs[id(ep)]) for ep in exits]
        index, vphis = self._state(tgt)
        if fl.n_body is None:
            self._vector_block(tgt, vphis, index=index)
        else:  # paired: the tail block runs the last full vector, at n.body = n.vec - VF = index
            tgt.vmap[id(fl.n_body)] = index
        mt = fl.tail_mask.type
        assert isinstance(mt, VectorType)
        tgt.vmap[id(fl.tail_mask)] = ConstVector(mt, tuple(TRUE if lane >= self.vf - k else FALSE
                                                           for lane in range(self.vf)))
        # ... its start, index + VF + k - VF, and btc % VF = k - 1 (the mask check proves
        # them from n.vec).
        assert fl.tail_start is not None and fl.n_mod is not None
        tgt.vmap[id(fl.tail_start)] = tgt.emit(BinOp(it, "tail.start", [index, ConstInt(it, k)], op="add"))
        tgt.vmap[id(fl.n_mod)] = ConstInt(it, k - 1)
        for phi, part, _ in self._vector_phi_types():  # the paired tail's recurrences
            if id(phi) in fl.tail_phis:
                tgt.vmap[id(fl.tail_phis[id(phi)])] = vphis[id(phi)][part]
        tail = fl.tail
        if fl.tail_one is not None and fl.tail_one_block is not None:
            # tail.test: the last iteration alone where k == 1 (the mask check proves
            # tail.one is btc % VF == 0), at n.vec = index + VF.
            tgt.vmap[id(fl.tail_one)] = TRUE if k == 1 else FALSE
            if k == 1:
                tail = fl.tail_one_block
                tgt.vmap[id(fl.n_vec)] = tgt.emit(BinOp(it, "n.vec", [index, ConstInt(it, self.vf)], op="add"))
        for block in (tail, fl.tail_middle):
            for inst in block.instructions[:-1]:
                if id(inst) not in self._folded_links and not isinstance(inst, Phi):
                    tgt.clone(inst)
        tgt_exit = [tgt.value(fl.tail_exit_values[id(ep)]) for ep in exits]
        # The tail's active lanes are the scalar iterations VF..VF+k-1, its others the
        # inactive leaves.
        order = [*range(self.vf - k, self.vf), *range(self.vf - k)]
        return Obligation(f"tail{k}", src.finish([*src_exit, *src_leaves]),
                          tgt.finish([*tgt_exit, *self._block_leaves(tgt, self.tail_folds, order)]))

    def obligations(self) -> list[Obligation]:
        self._check_structure()
        tails = [self.tail(k) for k in range(1, self.vf + 1)] if self.fl.tail is not None else []
        return [self.entry(), self.full(), self.step(), self.mask(), *(self.last(k) for k in range(1, self.vf + 1)),
                *tails]

    def _check_structure(self) -> None:
        """What the checks take for granted: vector.ph goes to vector.body or
        vector.last, vector.body to itself or vector.last (the tail shape ``pairs``:
        its first test, with no shifted tail; pieces and pairs: ``_check_pieces``),
        vector.last to the middle block, the middle block to the exit block; vector.last's phis continue
        vector.body's (the same start, the same value after a full vector); and the
        scalar loop's block is gone."""
        fl = self.fl
        if fl.middle.successors() != [self.loop.exit.name]:
            raise WitnessError("the middle block does not go to the exit block alone")
        if fl.pieces:
            self._check_pieces()
        elif fl.last.successors() != [fl.middle.name]:
            raise WitnessError("the last vector does not go to the middle block alone")
        if fl.pair_rdx:
            self._check_reduced_pairs()
        if fl.tail is not None and fl.tail_middle is not None:
            if fl.tail.successors() != [fl.tail_middle.name] or fl.tail_middle.successors() != [self.loop.exit.name]:
                raise WitnessError("the shifted tail does not go to its middle block and on to the exit block")
            if any(isinstance(i, Phi) and not any(i is t for t in fl.tail_phis.values()) for i in fl.tail.instructions):
                raise WitnessError("the shifted tail has phis of its own")
            if fl.tail_test is not None or fl.tail_one_block is not None:
                self._check_tail_alone()
            for key, tphi in fl.tail_phis.items():
                body_phi = fl.vector_phis[key]
                if sorted(tphi.blocks) != sorted(body_phi.blocks) or \
                        any(_incoming(blk, tphi) is not _incoming(blk, body_phi) for blk in body_phi.blocks):
                    raise WitnessError(f"%{tphi.name} does not continue %{body_phi.name}")
        if sorted(fl.body.successors()) != sorted([fl.body_exit.name, fl.body.name]):
            raise WitnessError(f"the vector body does not loop to itself and leave to {fl.body_exit.name}")
        if fl.check is not None:
            if sorted(fl.vector_ph.successors()) != sorted([fl.last.name, fl.check.name]):
                raise WitnessError("vector.ph does not go to vector.check or the last vector")
            if sorted(fl.check.successors()) != sorted([fl.body_exit.name, fl.body.name]):
                raise WitnessError("vector.check does not go to the vector body or the paired tail")
        elif sorted(fl.vector_ph.successors()) != sorted([fl.last.name, fl.body.name]):
            raise WitnessError("vector.ph does not go to the vector body or the last vector")
        # vector.last's phis continue vector.body's: the same start, and where the body
        # leaves to it, the same value after a full vector (entered from vector.ph alone
        # where the tail is shifted).
        entries = [fl.vector_ph.name] + ([fl.body.name] if fl.tail is None else [])
        body_entry = (fl.check or fl.vector_ph).name
        for key, phi in fl.last_phis.items():
            body_phi = fl.vector_phis[key]
            if sorted(phi.blocks) != sorted(entries):
                raise WitnessError(f"%{phi.name} is not entered from {', '.join(entries)}")
            for blk in entries:
                if _incoming(blk, phi) is not _incoming(body_entry if blk == fl.vector_ph.name else blk, body_phi):
                    raise WitnessError(f"%{phi.name} does not continue %{body_phi.name}")
        if any(b is self.loop.header for b in self.fn.blocks):
            raise WitnessError("the scalar loop is still there")

    def _check_tail_alone(self) -> None:
        """The last iteration alone: tail.test holds only its branch, on tail.one, to
        vector.tail.1 or the shifted tail; vector.tail.1 goes to the tail's middle block
        alone and holds no phi; the paired tail carries no recurrence (tail(1) maps none
        there)."""
        fl = self.fl
        assert fl.tail is not None and fl.tail_middle is not None
        test, alone = fl.tail_test, fl.tail_one_block
        if test is None or alone is None or fl.tail_one is None or fl.n_body is None:
            raise WitnessError("the last iteration alone without its test, its block or the paired tail")
        term = test.instructions[-1] if len(test.instructions) == 1 else None
        if not isinstance(term, Br) or term.operands != [fl.tail_one] or term.targets != [alone.name, fl.tail.name]:
            raise WitnessError(f"{test.name} does not branch on %{fl.tail_one.name} alone")
        if alone.successors() != [fl.tail_middle.name] or any(isinstance(i, Phi) for i in alone.instructions):
            raise WitnessError(f"{alone.name} does not go on to {fl.tail_middle.name} alone")
        if fl.tail_phis:
            raise WitnessError("the last iteration alone with a recurrence")

    def _check_reduced_pairs(self) -> None:
        """Reduced pairs: they follow the shifted tail's form (vector.body leaves to the
        shifted tail, so vector.last is entered from vector.ph alone, before any vector
        folded a leaf: each pair's accumulators start with the identity); the middle
        block's phis are the reductions' pair values, each entered from every pair block
        and the last test (k >= 1, which the mask check proves always holds) and no
        other, and the exit values of the reductions' results."""
        fl = self.fl
        if fl.tail is None or not fl.pairs:
            raise WitnessError("reduced pairs without the shifted tail")
        names = sorted([*(pc.block.name for pc in fl.pieces), fl.pieces[-1].test.name])
        phis = [i for i in fl.middle.instructions if isinstance(i, Phi)]
        if sorted(map(id, phis)) != sorted(id(phi) for phi in fl.pair_rdx.values()) or \
                any(sorted(phi.blocks) != names for phi in phis):
            raise WitnessError("the middle block's phis are not the reduced pairs' values")
        for red in self.plan.phis.reductions:
            for ep in self.plan.exit_phis:
                if fl.live_outs[id(ep)] is red.result and fl.exit_values[id(ep)] is not fl.pair_rdx.get(id(red.phi)):
                    raise WitnessError(f"the exit value of %{red.phi.name} is not its reduced pairs' value")

    def _check_pieces(self) -> None:
        """The last vector in pieces: vector.last is the first test; each test holds
        only its branch, on its piece's condition, to the piece or the next test; each
        piece goes to the next test, the last to the middle block; the pieces hold no
        phi and their widths halve from VF to 1."""
        fl = self.fl
        if fl.pieces[0].test is not fl.last or [pc.width for pc in fl.pieces] != \
                [self.vf >> b for b in range(self.vf.bit_length())]:
            raise WitnessError("the last vector's pieces are not VF, VF/2, .., 1 lanes from vector.last")
        before: list[str] = []
        for piece, nxt in zip(fl.pieces, [*(pc.test for pc in fl.pieces[1:]), fl.middle], strict=True):
            term = piece.test.instructions[-1] if piece.test.instructions else None
            if not isinstance(term, Br) or term.operands[:1] != [piece.cond] \
                    or term.targets != [piece.block.name, nxt.name]:
                raise WitnessError(f"{piece.test.name} does not test its piece's condition")
            for inst in piece.test.instructions[:-1]:
                # A recurrence's predecessor: vector.last's phis are checked with the
                # others (they continue vector.body's); a later test's come from the test
                # and the piece before it.
                if isinstance(inst, Phi) and (piece.test is fl.last or sorted(inst.blocks) != sorted(before)):
                    if piece.test is not fl.last or not any(inst is q for q in fl.last_phis.values()):
                        raise WitnessError(f"%{inst.name} in {piece.test.name} is not entered from the piece before")
                elif not isinstance(inst, Phi | ExtractElement) and not (fl.pair_rdx and isinstance(inst, BinOp | ICmp)):
                    # (reduced pairs: their tests compute their operands, k and the starts)
                    raise WitnessError(f"{piece.test.name} computes more than a recurrence's predecessor")
            before = [piece.test.name, piece.block.name]
            after = fl.middle if fl.pairs else nxt  # a pair ends the last vector
            if piece.block.successors() != [after.name] or any(isinstance(i, Phi) for i in piece.block.instructions):
                raise WitnessError(f"{piece.block.name} does not go on to {after.name} alone")
            if fl.pairs and any(isinstance(i, Phi) for i in piece.test.instructions):
                raise WitnessError(f"{piece.test.name} has a phi (pairs carry no recurrence)")


def _incoming(block: str, phi: Phi) -> Value:
    for v, b in zip(phi.operands, phi.blocks, strict=True):
        if b == block:
            return v
    raise WitnessError(f"phi %{phi.name} has no value from %{block}")


WITNESS_OF[FoldedLoop] = FoldedWitness
