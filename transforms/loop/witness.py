"""The proof of a vectorized loop for every trip count: a witness and three ordinary
refinement checks.

The vectorizer knows how its state after each vector iteration stands for the scalar
loop's state after VF*UF times as many iterations (UF parts of VF lanes). That
correspondence is the function ``alpha`` from a vector state ``V`` (``index``; each
recurrence's vector phi ``vrec``, the last part's vector; each reduction's accumulators
``vacc[0..UF-1]``) to a scalar header state:

    iv  = start + index
    rec = vrec[VF-1]                                  (the last lane: the phi's next value)
    red = llvm.vector.reduce.<kind>(vacc[0] op ... op vacc[UF-1])   (the initial value is in it)

together with the invariant ``Inv(index, n.vec)``: ``index <u n.vec``,
``(n.vec - index) % (VF*UF) == 0``, ``n.vec <=u tc`` (the trip count formula of
``induction.py``; ``n.vec <u tc`` when a load group has a gap at its end: the scalar
epilogue then runs at least one iteration, whose member-0 load the step also runs, so
that the wide load's last bytes are known to be inside the array). Values the code
after the loop reads from the last iteration (live-outs) are read from the last vector
iteration: lane VF-1 of the last part's vector,
lane VF-2 of a recurrence's vector for the recurrence phi itself (seed 003).

A reduction whose code has the shape ``folds.py`` describes (every one LoopVectorize
makes) is not in the state: its fold is proved by algebra (the operation's associativity
and commutativity, or the ``reassoc`` licence), and the checks compare its *leaves*, the
values each scalar iteration and each vector lane add, instead. Only a reduction of
another shape (an integer one: a hand-edited or mutated loop) is compared through
``alpha`` by the solver.

**Contraction**: a vector link ``fadd contract`` of an ``fmul contract`` leaf may be
fused, rounded once (the semantics' fusion choice, vecverify/semantics/floating.py):
fma(x, y, P) for the partial sum P it adds to. Its leaf's value then no longer says what
it adds. Where the scalar link j and its leaf may fuse too (``folds.scalar_may_fuse``),
the checks compare for such a leaf, besides its value, its product's operands as an
unordered pair (``_product_operands``: the smaller and the larger encoding). Why that is
sound: the vector loop's result is a tree of ⊕ whose nodes adding a leaf are vector link
lanes applied to some partial sum P (the middle block's nodes combine partial sums: no
product operand, nothing to fuse; ``folds.check_shape``). Such a node gives P ⊕ leaf,
or fused fma(x', y', P); with the leaf (poison included) and {x', y'} equal to the
scalar copy's and the link's flags among the scalar chain's (``folds._flags_ok``), each
is what the scalar link gives on the same P, unfused or fused (exact products commute).
Replacing each node by its scalar link gives an evaluation of the scalar leaves in the
vector's order, each fused where the vector lane was: an order ``reassoc`` on every
scalar link licenses, and a fusion ``contract`` on the link and its fmul licenses in it.
Where a vector link may fuse but its scalar link may not (``folds.fusion_uncovered``)
the checks compare each leaf's *contribution* instead: the scalar link on a free
accumulator value ``acc`` (an input, ``add.<phi>.<k>.<j>``) against lane l of the vector
link on the same values, each with its flags but ``reassoc`` and its own fusion choice:
the fused lane's rounding is then a counterexample. The leaves' own ``reassoc`` is
dropped in the checks (``_without_reassoc``): a leaf's reassociation partner is its
link, whose reordering is the algebra's; any other reassoc-flagged value the leaf reads
is computed in the check, and reported unsupported there.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from vecverify.checker import check_pair
from vecverify.ir.function import Function
from vecverify.ir.types import IntType
from vecverify.ir.values import (
    BinOp,
    Cast,
    ConstInt,
    ConstPoison,
    ExtractElement,
    ICmp,
    InsertElement,
    InsertValue,
    Instruction,
    Phi,
    Select,
    Value,
)
from vecverify.loops.obligation import (
    FALSE,
    I1,
    I32,
    TRUE,
    Obligation,
    Params,
    Side,
    WitnessError,
    branch_cond,
    emit_and,
    emit_not,
    goes_to,
    true_target,
)
from vecverify.loops.undefs import UndefValues
from vecverify.portfolio import DEFAULT_SOLVER
from vecverify.refine import CheckOptions, limits_count_cpu_time

from .codegen import VectorLoop, combine_parts, reduce_call
from .folds import (
    FLOATING_KINDS,
    Fold,
    check_shape,
    fusion_uncovered,
    product_operands,
    vector_may_fuse,
)
from .groups import next_iteration_reads
from .induction import incoming, trip_count
from .phis import Reduction, is_fmuladd
from .writes import WRITES_SUFFIX, needs_writes_check, writes_twins

# ----------------------------------------------------------------------------- building


# ----------------------------------------------------------------------------- witness


class Witness:
    """The correspondence of one vectorized loop, and its three obligations."""

    def __init__(self, vl: VectorLoop) -> None:
        self.vl = vl
        self.plan = vl.plan
        self.loop = vl.plan.loop
        self.ind = vl.plan.induction
        self.vf = vl.vf
        self.lanes = vl.lanes  # scalar iterations per vector iteration: VF*UF
        self.fn = self.loop.fn
        # A vector phi (or live-out vector) no undef reaches: its state is defined or
        # poison, never undef (vecverify/loops/undefs.py), and the obligations have no
        # undef choices of it to quantify.
        self.undefs = UndefValues(self.fn)
        # Reductions whose fold the algebra proves (folds.py): the checks compare their
        # leaves, not their accumulators. The others' accumulators are in the state.
        self.folds = self._find_folds()
        # The folded reductions' links, scalar and vector: the checks do not compute them.
        self._folded_links = {id(link) for f in self.folds.values() for link in f.reduction.chain}
        self._folded_links |= {id(link) for f in self.folds.values() for link in [*f.links, *f.final]}

    def _find_folds(self) -> dict[int, Fold]:
        folds: dict[int, Fold] = {}
        for red in self.plan.phis.reductions:
            shape = check_shape(self.vl, self._as_folded(red))
            if isinstance(shape, Fold):
                folds[id(red.phi)] = shape
            elif red.kind in FLOATING_KINDS:
                raise WitnessError(f"reduction %{red.phi.name}: {shape}")
        return folds

    def _as_folded(self, red: Reduction) -> Reduction:
        """``red`` as this vector loop folds it (a vectorized epilogue's accumulator
        starts from the main loop's result: ``epiwitness.py``)."""
        return red

    def _kept_phis(self, values: list[Value]) -> list[Value]:
        """``values`` (one per header phi) without the folded reductions'."""
        return [v for phi, v in zip(self.loop.phis, values, strict=True) if id(phi) not in self.folds]

    def _is_folded_result(self, v: Value) -> bool:
        return any(v is f.reduction.result for f in self.folds.values())

    def _kept_live(self, values: list[Value]) -> list[Value]:
        """``values`` (one per live-out) without the folded reductions' results."""
        return [x for v, x in zip(self._live_outs(), values, strict=True) if not self._is_folded_result(v)]

    def _kept_exits(self, values: list[Value]) -> list[Value]:
        """``values`` (one per exit phi) without those taking a folded reduction's result."""
        return [x for ep, x in zip(self.plan.exit_phis, values, strict=True)
                if not self._is_folded_result(incoming(ep, self.loop.header.name))]

    def _scalar_leaves(self, side: Side, copy: int | None = None) -> list[Value]:
        """The folded reductions' leaves in the scalar copy just cloned (number ``copy``),
        link by link, with what contraction adds (module text)."""
        out: list[Value] = []
        for fold in self.folds.values():
            red = fold.reduction
            uncovered = fusion_uncovered(fold)
            # (every vector link's flags are among the chain's, folds._flags_ok: without
            # contract on the chain no vector link may fuse)
            if copy is None and ("contract" in red.flags or any(map(is_fmuladd, red.chain))):
                raise WitnessError(f"reduction %{red.phi.name}: a link may fuse its product leaf (contract or "
                                   "llvm.fmuladd), which this witness form does not model")
            for j, link in enumerate(red.chain):
                before = red.chain[j - 1] if j else red.phi
                if is_fmuladd(link):  # its leaf is the product: only the factors (module text)
                    out += _product_operands(side, [side.value(op) for op in product_operands(link, link)])
                    continue
                leaf = next(op for op in link.operands if op is not before)
                value = _without_reassoc(side, side.value(leaf))
                if uncovered:
                    acc = side.state(f"add.{red.phi.name}.{copy}.{j}", link.type, noundef=True)
                    out.append(side.emit(_link_on(link, [acc if op is before else value for op in link.operands])))
                    continue
                out.append(value)
                if copy is not None and vector_may_fuse(fold, copy // self.vf, j):
                    out += _product_operands(side, [side.value(op) for op in product_operands(link, leaf)])
        return out

    def _vector_leaves(self, side: Side) -> list[Value]:
        """The same leaves in the vector body: lane l of part p is scalar copy p*VF + l
        (with what contraction adds: module text)."""
        added: dict[tuple[int, int, int], Value] = {}
        for f, fold in enumerate(self.folds.values()):
            if not fusion_uncovered(fold):
                continue
            red = fold.reduction
            for p, (leaves, links) in enumerate(zip(fold.leaves, fold.part_links, strict=True)):
                for j, (leaf, link) in enumerate(zip(leaves, links, strict=True)):
                    acc: Value = ConstPoison(link.type)
                    for lane in range(self.vf):
                        lane_acc = side.state(f"add.{red.phi.name}.{p * self.vf + lane}.{j}", red.phi.type,
                                              noundef=True)
                        acc = side.emit(InsertElement(link.type, None, [acc, lane_acc, ConstInt(I32, lane)]))
                    value = _without_reassoc(side, side.value(leaf))
                    added[f, p, j] = side.emit(_link_on(link, [value if op is leaf else acc for op in link.operands]))
        out: list[Value] = []
        for k in range(self.lanes):
            part, lane = divmod(k, self.vf)
            for f, fold in enumerate(self.folds.values()):
                for j, leaf in enumerate(fold.leaves[part]):
                    link = fold.part_links[part][j]
                    if not is_fmuladd(link):  # (an fmuladd's leaf is its product: only the factors)
                        vec = added.get((f, part, j)) or _without_reassoc(side, side.value(leaf))
                        out.append(_lane(side, vec, lane))
                    if (f, part, j) not in added and vector_may_fuse(fold, part, j):
                        out += _product_operands(side, [_lane(side, side.value(op), lane)
                                                        for op in product_operands(link, leaf)])
        return out

    # --- the pieces of the state
    def _vector_phi_types(self) -> list[tuple[Phi, int, Phi]]:
        """(scalar header phi, part, its vector phi) for recurrences, then reductions."""
        phis = [r.phi for r in self.plan.phis.recurrences] + [r.phi for r in self.plan.phis.reductions]
        out: list[tuple[Phi, int, Phi]] = []
        for phi in phis:
            parts = self.vl.vector_phis[id(phi)]
            # (a tail-folded loop's vector_phis hold one phi each, not a list of parts)
            out += [(phi, k, vphi) for k, vphi in enumerate(parts if isinstance(parts, list) else [parts])]
        return out

    def _by_phi(self, values: list[tuple[Phi, Value]]) -> dict[int, list[Value]]:
        """Per scalar phi, its vector phis' values in part order."""
        out: dict[int, list[Value]] = {}
        for phi, v in values:
            out.setdefault(id(phi), []).append(v)
        return out

    def _live_outs(self) -> list[Value]:
        """The loop values the exit phis take (in exit-phi order, without repeats)."""
        seen: list[Value] = []
        for ep in self.plan.exit_phis:
            v = incoming(ep, self.loop.header.name)
            if self.loop.contains(v) and not any(v is s for s in seen):
                seen.append(v)
        return seen

    def _needs_vector(self, v: Value) -> bool:
        """A live-out whose last value is read from its own vector (not from the state)."""
        ind, phis = self.ind, self.plan.phis
        return not (v is ind.phi or v is ind.next or any(v is r.result for r in phis.reductions)
                    or any(v is r.phi for r in phis.recurrences))

    def _tc(self, side: Side) -> Value:
        tc = trip_count(self.ind, _MappedEmit(side))
        return tc if any(tc is i for i in side.insts) else side.value(tc)

    def _inv(self, side: Side, index: Value, n_vec: Value, tc: Value) -> list[Value]:
        """Inv(index, n.vec); with a load group's gap at its end, n.vec <u tc: the
        scalar epilogue runs at least one iteration."""
        it = self.ind.type
        diff = side.emit(BinOp(it, None, [n_vec, index], op="sub"))
        rem = side.emit(BinOp(it, None, [diff, ConstInt(it, self.lanes)], op="urem"))
        last = "ult" if self.plan.requires_scalar_epilogue else "ule"
        return [side.emit(ICmp(I1, None, [rem, ConstInt(it, 0)], pred="eq")),
                side.emit(ICmp(I1, None, [index, n_vec], pred="ult")),
                side.emit(ICmp(I1, None, [n_vec, tc], pred=last))]

    def _alpha(self, side: Side, index: Value, vphis: dict[int, list[Value]]) -> list[Value]:
        """alpha(V): the scalar header state, in header-phi order."""
        it = self.ind.type
        out: list[Value] = []
        for phi in self.loop.phis:
            if phi is self.ind.phi:
                start = side.value(self.ind.start)
                out.append(index if _is_zero(start) else side.emit(BinOp(it, "iv", [start, index], op="add")))
                continue
            red = self._reduction(phi)
            if id(phi) in self.folds:  # not in the state: any value (folds.py)
                out.append(side.state(f"acc.{phi.name}", phi.type, noundef=True))
            elif red is not None:
                folded = combine_parts(red, vphis[id(phi)], side.emit)
                out.append(side.emit(reduce_call(red, folded, "red")))
            else:
                out.append(side.emit(ExtractElement(phi.type, "rec", [vphis[id(phi)][0], ConstInt(I32, self.vf - 1)])))
        return out

    def _alpha_live(self, side: Side, index: Value, vphis: dict[int, list[Value]], vectors: dict[int, Value],
                    header: list[Value]) -> list[Value]:
        """The live-outs' last values, from the state after a vector iteration."""
        out: list[Value] = []
        phis = self.loop.phis
        for v in self._live_outs():
            if v is self.ind.next:
                out.append(header[phis.index(self.ind.phi)])
            elif v is self.ind.phi:
                it = self.ind.type
                out.append(side.emit(BinOp(it, None, [header[phis.index(self.ind.phi)], ConstInt(it, -1)], op="add")))
            elif any(v is r.result for r in self.plan.phis.reductions):
                red = next(r for r in self.plan.phis.reductions if v is r.result)
                out.append(header[phis.index(red.phi)])
            elif isinstance(v, Phi):
                out.append(side.emit(ExtractElement(v.type, None, [vphis[id(v)][0], ConstInt(I32, self.vf - 2)])))
            else:
                out.append(side.emit(ExtractElement(v.type, None, [vectors[id(v)], ConstInt(I32, self.vf - 1)])))
        return out

    def _reduction(self, phi: Phi) -> Reduction | None:
        return next((r for r in self.plan.phis.reductions if r.phi is phi), None)

    def _state_inputs(self, side: Side, with_index: bool) -> tuple[Value, Value, dict[int, list[Value]]]:
        it = self.ind.type
        index = side.state("index", it, noundef=True) if with_index else None
        n_vec = side.state("n.vec", it, noundef=True)
        vphis = self._by_phi([(phi, side.state(f"v.{phi.name}" + (f".{k}" if k else ""), vphi.type,
                                               undef=self.undefs.may_be_undef(vphi)))
                              for phi, k, vphi in self._vector_phi_types()])
        return (index if index is not None else n_vec), n_vec, vphis

    # --- the scalar body, VF*UF times
    def _scalar_copies(self, side: Side, state: list[Value]) -> tuple[list[Value], list[Value], Value, list[Value]]:
        """VF*UF copies of the scalar body from header state ``state``: the state after
        them, the live-outs' values in the last copy, whether an exit test of the copies
        but the last (all, when a load group has a gap at its end) would have left the
        loop, and the folded reductions' leaves. Then the reads of the next iteration
        that the wide loads' gaps need (``groups.next_iteration_reads``)."""
        phis = self.loop.phis
        exits: list[Value] = []
        live: list[Value] = []
        leaves: list[Value] = []
        # With a gap at a load group's end, the next iteration runs too (and is checked to).
        keep_last = self.plan.requires_scalar_epilogue
        for k in range(self.lanes):
            for phi, v in zip(phis, state, strict=True):
                side.vmap[id(phi)] = v
            for inst in self.loop.body:
                if not isinstance(inst, Phi) and id(inst) not in self._folded_links:
                    side.clone(inst, f".{k}")
            leaves += self._scalar_leaves(side, k)
            if k < self.lanes - 1 or keep_last:
                cont = side.value(self.ind.compare)
                exits.append(cont if not self.loop.continues_when_true() else emit_not(side, cont))
            if k == self.lanes - 1:
                live = [ConstPoison(v.type) if self._is_folded_result(v) else side.value(v)  # dropped: _kept_live
                        for v in self._live_outs()]
            # A folded reduction's accumulator is not computed (its chain feeds nothing
            # else): a use more of each leaf would only give the solver more choices.
            state = [v if id(phi) in self.folds else side.value(incoming(phi, self.loop.header.name))
                     for phi, v in zip(phis, state, strict=True)]
        for phi, v in zip(phis, state, strict=True):
            side.vmap[id(phi)] = v
        for inst in next_iteration_reads(self.plan.groups, self.loop.body):
            side.clone(inst, ".next")
        early: Value = FALSE
        for e in exits:
            early = side.emit(BinOp(I1, None, [early, e], op="or")) if early is not FALSE else e
        return state, live, early, leaves

    # --- the three obligations
    def entry(self) -> Obligation:
        params = Params()
        src, tgt = Side("src", params, self.fn), Side("tgt", params, self.fn)
        vl = self.vl
        # src: the scalar loop's start values, where the vector loop is entered.
        path = vl.entry_path()
        for blk, taken in path:
            for inst in blk.instructions[:-1]:
                src.clone(inst)
            src.assume(goes_to(src, blk, taken))
        starts = [src.value(_start_value(vl, phi)) for phi in self.loop.phis]
        # tgt: iter.check and vector.ph, then alpha of the first vector state.
        for blk in [*(b for b, _ in path), vl.vector_ph]:
            for inst in blk.instructions[:-1]:
                tgt.clone(inst)
        vphis = self._by_phi([(phi, tgt.value(incoming(vphi, vl.vector_ph.name)))
                              for phi, _, vphi in self._vector_phi_types()])
        zero = ConstInt(self.ind.type, 0)
        alpha0 = self._alpha(tgt, zero, vphis)
        ok = emit_and(tgt, self._inv(tgt, zero, tgt.value(vl.n_vec), self._tc(tgt)))
        return Obligation("entry", src.finish([*self._kept_phis(starts), TRUE]),
                          tgt.finish([*self._kept_phis(alpha0), ok]))

    def step(self) -> Obligation:
        params = Params()
        src, tgt = Side("src", params, self.fn), Side("tgt", params, self.fn)
        vl = self.vl
        outs: dict[str, list[Value]] = {}
        for side in (src, tgt):
            index, n_vec, vphis = self._state_inputs(side, with_index=True)
            side.vmap[id(vl.n_vec)] = n_vec
            if side is src:
                for c in self._inv(src, index, n_vec, self._tc(src)):
                    src.assume(c)
                state, live, early, leaves = self._scalar_copies(src, self._alpha(src, index, vphis))
                outs["src"] = [*self._kept_phis(state), *self._kept_live(live), *leaves, early, TRUE]
                continue
            side.vmap[id(vl.index)] = index
            for phi, k, vphi in self._vector_phi_types():
                side.vmap[id(vphi)] = vphis[id(phi)][k]
            for inst in vl.body.instructions[:-1]:
                if not isinstance(inst, Phi) and id(inst) not in self._folded_links:
                    side.clone(inst)
            index2 = side.value(vl.index_next)
            vphis2 = self._by_phi([(phi, vphis[id(phi)][k] if id(phi) in self.folds else
                                    side.value(incoming(vphi, vl.body.name)))
                                   for phi, k, vphi in self._vector_phi_types()])
            vectors = {id(v): side.value(vl.widened[id(v)]) for v in self._live_outs() if self._needs_vector(v)}
            header = self._alpha(side, index2, vphis2)
            live = self._alpha_live(side, index2, vphis2, vectors, header)
            done = side.value(branch_cond(vl.body))
            exits_now = done if true_target(vl.body) == vl.middle.name else emit_not(side, done)
            again = self._inv(side, index2, n_vec, n_vec)[:2]
            ok = side.emit(BinOp(I1, None, [exits_now, emit_and(side, again)], op="or"))
            outs["tgt"] = [*self._kept_phis(header), *self._kept_live(live), *self._vector_leaves(side), FALSE, ok]
        return Obligation("step", src.finish(outs["src"]), tgt.finish(outs["tgt"]))

    def exit(self) -> Obligation:
        params = Params()
        src, tgt = Side("src", params, self.fn), Side("tgt", params, self.fn)
        vl = self.vl
        outs: dict[str, list[Value]] = {}
        for side in (src, tgt):
            n_vec, _, vphis = self._state_inputs(side, with_index=False)
            side.vmap[id(vl.n_vec)] = n_vec
            vectors: dict[int, Value] = {}
            for v in self._live_outs():
                if self._needs_vector(v):
                    vec = vl.widened[id(v)]
                    vectors[id(v)] = side.state(f"last.{v.name}", vec.type, undef=self.undefs.may_be_undef(vec))
            if side is src:
                it = self.ind.type
                tc = self._tc(src)
                src.assume(src.emit(BinOp(I1, None, [src.emit(ICmp(I1, None, [src.emit(
                    BinOp(it, None, [n_vec, ConstInt(it, self.lanes)], op="urem")), ConstInt(it, 0)], pred="eq")),
                    src.emit(ICmp(I1, None, [n_vec, ConstInt(it, 0)], pred="ne"))], op="and")))
                src.assume(src.emit(ICmp(I1, None, [n_vec, tc], pred="ule")))
                header = self._alpha(src, n_vec, vphis)
                live = self._alpha_live(src, n_vec, vphis, vectors, header)
                src.vmap[id(self.ind.next)] = header[self.loop.phis.index(self.ind.phi)]
                cont = src.value(self.ind.compare)
                leaves = emit_not(src, cont) if self.loop.continues_when_true() else cont
                by_value = {id(v): x for v, x in zip(self._live_outs(), live, strict=True)}
                exit_vals = [by_value[id(v)] if self.loop.contains(v) else src.value(v)
                             for v in (incoming(ep, self.loop.header.name) for ep in self.plan.exit_phis)]
                outs["src"] = [leaves, *self._kept_exits(exit_vals), *self._kept_phis(header)]
                continue
            # tgt: the middle block, reading the last vector iteration's values.
            for phi, k, vphi in self._vector_phi_types():
                side.vmap[id(incoming(vphi, vl.body.name))] = vphis[id(phi)][k]
            for v in self._live_outs():
                if self._needs_vector(v):
                    side.vmap[id(vl.widened[id(v)])] = vectors[id(v)]
            body_ids = {id(i) for i in vl.body.instructions}
            for inst in vl.middle.instructions[:-1]:
                if id(inst) in self._folded_links:
                    continue
                for op in inst.operands:
                    if id(op) in body_ids and id(op) not in side.vmap:
                        raise WitnessError(f"the middle block reads %{op.name}, which the witness does not describe")
                side.clone(inst)
            cmp_n = side.value(branch_cond(vl.middle))
            leaves = cmp_n if true_target(vl.middle) == self.loop.exit.name else emit_not(side, cmp_n)
            # (a folded reduction's values are checked by folds.check_shape: placeholders)
            exit_vals = [ConstPoison(ep.type) if self._is_folded_result(incoming(ep, self.loop.header.name))
                         else side.value(incoming(ep, vl.middle.name)) for ep in self.plan.exit_phis]
            resume = [ConstPoison(phi.type) if id(phi) in self.folds
                      else side.value(incoming(vl.resume[id(phi)], vl.resume_edge())) for phi in self.loop.phis]
            outs["tgt"] = [leaves, *self._kept_exits(exit_vals), *self._kept_phis(resume)]
        return Obligation("exit", src.finish(outs["src"]), tgt.finish(outs["tgt"]))

    def obligations(self) -> list[Obligation]:
        self._check_structure()
        return [self.entry(), self.step(), self.exit()]

    def _check_structure(self) -> None:
        """What the three checks take for granted about the rest of the function: the
        scalar loop is entered from scalar.ph only, and scalar.ph's other incoming values
        are the loop's original start values."""
        vl = self.vl
        for phi in self.loop.phis:
            if set(phi.blocks) != {vl.scalar_ph.name, self.loop.header.name}:
                raise WitnessError(f"the scalar loop's phi %{phi.name} is entered from elsewhere")


def _without_reassoc(side: Side, v: Value) -> Value:
    """A fold's leaf as the checks compute it: this side's clone without ``reassoc`` (a
    leaf's reassociation partner is its link, which the algebra reorders: module text)."""
    flags: frozenset[str] = getattr(v, "flags", frozenset())
    if "reassoc" in flags and id(v) in side.emitted:
        v.flags = flags - {"reassoc"}  # type: ignore[attr-defined]  # (a clone: the loop's own is untouched)
    return v


def _lane(side: Side, vec: Value, lane: int) -> Value:
    return side.emit(ExtractElement(vec.type.scalar, None, [vec, ConstInt(I32, lane)]))  # type: ignore[attr-defined]


def _product_operands(side: Side, operands: list[Value]) -> list[Value]:
    """A product's two operands as an unordered pair: the one with the smaller encoding
    first (the exact product, and so a fused result, does not depend on their order)."""
    x, y = operands
    t = x.type
    it = IntType(t.bits)  # type: ignore[attr-defined]
    xi, yi = (side.emit(Cast(it, None, [v], op="bitcast")) for v in (x, y))
    less = side.emit(ICmp(I1, None, [xi, yi], pred="ult"))
    return [side.emit(Select(t, None, [less, x, y])), side.emit(Select(t, None, [less, y, x]))]


def _link_on(link: Instruction, operands: list[Value]) -> Instruction:
    """A fold's link on other operands (its accumulator and its leaf), with its flags but
    ``reassoc`` (the reorder it licenses is the algebra's: module text)."""
    assert isinstance(link, BinOp)
    return BinOp(link.type, None, operands, op=link.op, flags=link.flags - {"reassoc"})


def _is_zero(v: Value) -> bool:
    return isinstance(v, ConstInt) and v.value == 0


def _start_value(vl: VectorLoop, phi: Phi) -> Value:
    """The scalar loop's start value of ``phi``: scalar.ph's incoming from iter.check
    (the original preheader value)."""
    return incoming(vl.resume[id(phi)], vl.iter_check.name)


class _MappedEmit:
    """An ``Emit`` that maps operands into a side first (for trip_count)."""

    def __init__(self, side: Side) -> None:
        self.side = side

    def __call__(self, inst: Instruction) -> Instruction:
        inst.operands = [self.side.value(op) for op in inst.operands]
        return self.side.emit(inst)


# ----------------------------------------------------------------------------- checking


@dataclass
class LoopProof:
    """The verdicts of a loop's three checks."""

    function: str
    loop: str
    vf: int
    uf: int = 1
    checks: list[tuple[str, object]] = field(default_factory=list)  # (name, Verdict)
    obligations: list[Obligation] = field(default_factory=list)
    error: str = ""
    seconds: float = 0.0
    vacuous: bool = False  # the scalar loop is UB whenever it runs VF iterations from a state
    folds: list[str] = field(default_factory=list)  # "fadd %s (reassoc)": reductions reordered by algebra
    vscale: str = ""  # a --vla loop's: "every vscale in 1..16 (vscale_range(1,16): powers of two)"

    @property
    def status(self) -> str:
        """proved | refuted | unknown (a check failed to prove or is unsupported) | error"""
        if self.error:
            return "error"
        st = [getattr(v, "status", "") for _, v in self.checks]
        if any(s == "incorrect" for s in st):
            return "refuted"
        if st and all(s == "correct" for s in st):
            return "proved"
        return "unknown"

    def line(self) -> str:
        interleaved = f", UF {self.uf}" if self.uf > 1 else ""
        lanes = f"vscale x {self.vf}" if self.vscale else str(self.vf)
        head = f"@{self.function}: loop {self.loop} (VF {lanes}{interleaved}): "
        if self.status == "proved":
            warn = " (vacuously: the scalar loop is UB whenever it runs VF iterations)" if self.vacuous else ""
            algebra = f"; reordered: {', '.join(self.folds)}" if self.folds else ""
            checks = _check_names([n for n, _ in self.checks])
            every = f" and {self.vscale}" if self.vscale else ""
            return head + f"proved for every trip count{every} (witness: {checks}{algebra}){warn}"
        if self.status == "error":
            return head + f"witness error: {self.error}"
        parts = []
        for name, v in self.checks:
            s = getattr(v, "status", "")
            if s != "correct":
                parts.append(f"{name}: {s}" + (f" ({getattr(v, 'error', '') or getattr(v, 'detail', '')})"))
        return head + ("refuted: " if self.status == "refuted" else "not proved: ") + "; ".join(parts)


def _check_names(names: list[str]) -> str:
    """The checks run, once each (a ``--vla`` loop's run at each vscale: "entry, full,
    step, mask, last1..8 at each vscale"); the writes twins (writes.py) as one: "writes
    (of 5 checks)"."""
    twins = [n for n in names if n.endswith(WRITES_SUFFIX)]
    if twins:
        rest = _check_names([n for n in names if not n.endswith(WRITES_SUFFIX)])
        return f"{rest}, writes (of {len(twins)} check{'s' if len(twins) > 1 else ''})"
    if not any(": " in n for n in names):
        return ", ".join(names)
    kinds: list[str] = []
    most = 0
    for n in names:
        kind = n.split(": ")[-1]
        if kind.startswith("last") and kind[4:].isdigit():
            most, kind = max(most, int(kind[4:])), "last"
        if kind not in kinds:
            kinds.append(kind)
    return ", ".join(f"last1..{most}" if k == "last" else k for k in kinds) + " at each vscale"


# The witness of each form of vector loop, by its class: the tail-folded form's
# (foldwitness.py) builds on this module and registers itself.
WITNESS_OF: dict[type, Callable[[Any], Any]] = {VectorLoop: Witness}


def prove_loop(report: object, timeout_ms: int = 20_000,
               check: Callable[..., object] | None = None, solver: str = DEFAULT_SOLVER,
               cpu_time: bool | None = None, deadline: float | None = None) -> LoopProof:
    """Build the witness of a vectorized loop (a ``LoopReport`` with ``vector`` set) and
    run its three checks. ``check`` defaults to ``vecverify.checker.check_pair``;
    ``cpu_time`` to ``limits_count_cpu_time()``.
    ``deadline`` (a time.monotonic() value): the whole proof's (CheckOptions.deadline)."""
    cpu_time = limits_count_cpu_time() if cpu_time is None else cpu_time
    vl = getattr(report, "vector", None)
    build = WITNESS_OF.get(type(vl))
    assert build is not None and vl is not None, "prove_loop needs a vectorized loop's report"
    proof = LoopProof(getattr(report, "function", "?"), getattr(report, "loop", "?"), vl.vf, getattr(vl, "uf", 1))
    proof.vscale = getattr(vl, "describe", lambda: "")()
    t0 = time.monotonic()
    try:
        witness = build(vl)
        proof.obligations = witness.obligations()
        if needs_writes_check(getattr(vl, "plan", None)):  # no gap written (writes.py)
            proof.obligations += writes_twins(proof.obligations)
        proof.folds = [f"{f.reduction.kind} %{f.reduction.phi.name} ({f.licence})" for f in witness.folds.values()]
    except WitnessError as e:
        proof.error = str(e)
        return proof
    run = check or check_pair
    for ob in proof.obligations:
        # (each obligation's memory query split by written address: see CheckOptions)
        verdict = run(ob.src, ob.tgt, CheckOptions(timeout_ms=timeout_ms, unroll=1, solver=solver, cpu_time=cpu_time,
                                                   deadline=deadline, memory_by_address=True))
        proof.checks.append((ob.name, verdict))
        if getattr(verdict, "status", "") == "incorrect":
            break
    if proof.status == "proved":
        # (a --vla loop's are "vscale 1: step", ...: the first vscale's)
        step = next(o for o in proof.obligations if o.name.split(": ")[-1] == "step")
        # The step's own verdict says whether its source is UB on every input (one
        # satisfiability query, RefinementCheck.source_always_ub); a check of its own
        # only where that query gave up or the checker in use does not say.
        said = getattr(next(v for n, v in proof.checks if n == step.name), "source_always_ub", None)
        proof.vacuous = said if isinstance(said, bool) else _always_ub(step.src, run, timeout_ms, solver, cpu_time,
                                                                       deadline)
    proof.seconds = time.monotonic() - t0
    return proof


def _always_ub(src: Function, run: Callable[..., object], timeout_ms: int, solver: str = DEFAULT_SOLVER,
               cpu_time: bool = False, deadline: float | None = None) -> bool:
    """Whether ``src`` is UB for every input (Alive2 warns "source is always UB"): then
    even a function returning something else refines it. A proof of the step from such a
    source holds but says nothing; the vectorizer's input was wrong (misaligned accesses,
    for example), and the report says so."""
    other = copy.deepcopy(src)
    last = [i for i in other.instructions() if isinstance(i, InsertValue)][-1]
    last.operands[1] = FALSE  # the step's "ok" field: true in every defined execution
    verdict = run(src, other, CheckOptions(timeout_ms=timeout_ms, unroll=1, solver=solver, cpu_time=cpu_time,
                                           deadline=deadline))
    return getattr(verdict, "status", "") == "correct"
