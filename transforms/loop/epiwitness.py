"""The proof of a loop with a vectorized epilogue (``epilogue.py``), for every trip
count: the main loop's witness, the epilogue loop's, and how control passes between.

The main loop's three checks are ``witness.py``'s, entered through ``iter.check`` and
``vector.main.loop.iter.check`` (both say "enough iterations"), its exit handing the
scalar state ``R1`` after ``n.vec`` iterations on the edge from ``vec.epilog.iter.check``
(the values the resume phis take there). The epilogue loop (VFe lanes, one part) has the
correspondence of the main loop's witness (``iv = start + index``, each recurrence the
last lane of its vector), so its *step* and *exit* are ``witness.py``'s checks of that
loop, and two checks enter it:

* **epilog.entry** (the main loop skipped: ``tc >= VFe`` and ``tc < VF*UF``):
  ``vec.epilog.ph`` reached from ``vector.main.loop.iter.check`` gives a state whose
  ``alpha`` is the scalar loop's start values, with ``Inv(index, n.vec2)``;
* **epilog.resume** (after the main loop, entered through both checks: ``middle.block``
  does not leave, the remainder ``tc - n.vec`` is at least VFe): ``vec.epilog.ph`` reached from ``vec.epilog.iter.check``
  gives a state whose ``alpha`` is ``R1``, the state the main loop's exit check proved
  the scalar loop's after ``n.vec`` iterations, with ``Inv(index, n.vec2)``.

Both also check ``n.vec2 % VFe == 0`` and ``n.vec2 != 0``, what the epilogue's exit check
assumes of its final index (the index starts at the main loop's ``n.vec`` here, so
``Inv`` at entry does not give it). The path ``iter.check`` -> ``vec.epilog.scalar.ph``
(fewer than VFe iterations) starts the scalar loop from its original start values: a
structural check (every resume phi takes them from ``iter.check``). The trip-count
arithmetic in the two entry checks is computed from the arguments (``n.vec`` and
``n.vec2`` are ``tc - tc % k`` for constant powers of two), so no remainder of a free
value appears; the epilogue's step is the same query as a main loop's of VFe lanes.
"""

from __future__ import annotations

from dataclasses import replace

from vecverify.ir.function import Block
from vecverify.ir.values import BinOp, ConstInt, ConstPoison, ICmp, Phi, Value

from .codegen import VectorLoop
from .epilogue import EpilogueLoop
from .induction import incoming
from .phis import Reduction
from .witness import (
    I1,
    TRUE,
    WITNESS_OF,
    Obligation,
    Params,
    Side,
    Witness,
    WitnessError,
    emit_and,
    goes_to,
)


class EpilogueWitness(Witness):
    """The main loop's witness (this object) and the epilogue loop's (``self.epi``)."""

    def __init__(self, vl: EpilogueLoop) -> None:
        super().__init__(vl)
        assert vl.epilogue is not None and vl.main_check is not None and vl.epilogue_check is not None
        self.evl = vl
        self.epi = _EpilogueLoopWitness(vl.epilogue, vl.merges)
        self.ep = vl.epilogue
        self.main_check: Block = vl.main_check
        self.epilogue_check: Block = vl.epilogue_check

    def obligations(self) -> list[Obligation]:
        self._check_structure()
        self._check_starts()
        main = [self.entry(), self.step(), self.exit()]
        step, exit_ = self.epi.step(), self.epi.exit()
        step.name, exit_.name = "epilog.step", "epilog.exit"
        return [*main, self._epilogue_entry(), self._epilogue_resume(), step, exit_]

    def _check_starts(self) -> None:
        """Every resume phi takes the original start value from iter.check, the main
        loop's values from vec.epilog.iter.check and the epilogue's from its middle
        block, and nothing else enters the scalar loop's preheader."""
        want = {self.vl.iter_check.name, self.epilogue_check.name, self.ep.middle.name}
        for phi in self.loop.phis:
            r = self.vl.resume[id(phi)]
            if set(r.blocks) != want or len(r.blocks) != 3:
                raise WitnessError(f"the resume phi %{r.name} is entered from {', '.join(r.blocks)}")
            if incoming(r, self.vl.iter_check.name) is not _original_start(self, phi):
                raise WitnessError(f"the resume phi %{r.name} does not start the scalar loop from its start value")
        # A folded reduction's epilogue starts from its merge phi, which the checks do
        # not compare (folds.py reads it as the fold's initial value): it must take the
        # value the main loop hands the scalar loop, or the loop's initial value.
        for red in self.plan.phis.reductions:
            merge = self.evl.merges[id(red.phi)]
            handed = incoming(self.vl.resume[id(red.phi)], self.epilogue_check.name)
            if sorted(merge.blocks) != sorted([self.epilogue_check.name, self.main_check.name]) or \
                    incoming(merge, self.epilogue_check.name) is not handed or \
                    incoming(merge, self.main_check.name) is not red.init:
                raise WitnessError(f"the merge phi %{merge.name} does not take the main loop's result "
                                   "or the initial value")

    def _epilogue_entry(self) -> Obligation:
        """Entered from vector.main.loop.iter.check: the scalar loop's start values."""
        params = Params()
        src, tgt = Side("src", params, self.fn), Side("tgt", params, self.fn)
        for blk, taken in [(self.vl.iter_check, self.main_check.name), (self.main_check, self.ep.vector_ph.name)]:
            src.assume(goes_to(src, blk, taken))
        starts = [src.value(_original_start(self, phi)) for phi in self.loop.phis]
        outs = self._epilogue_start(tgt, self.main_check)  # (declares its inputs before src is finished)
        return Obligation("epilog.entry", src.finish([*self.epi._kept_phis(starts), TRUE]), tgt.finish(outs))

    def _epilogue_resume(self) -> Obligation:
        """Entered from vec.epilog.iter.check, after the main loop: the state it handed on."""
        params = Params()
        src, tgt = Side("src", params, self.fn), Side("tgt", params, self.fn)
        # The main loop ran (entered through both checks), did not leave, and left VFe or more.
        path = [*self.vl.entry_path(), (self.vl.middle, self.epilogue_check.name),
                (self.epilogue_check, self.ep.vector_ph.name)]
        for blk, taken in path:
            src.assume(goes_to(src, blk, taken))
        # (a folded reduction's hand-over is checked by its shape: not computed here)
        handed = [ConstPoison(phi.type) if id(phi) in self.epi.folds else
                  src.value(incoming(self.vl.resume[id(phi)], self.epilogue_check.name)) for phi in self.loop.phis]
        outs = self._epilogue_start(tgt, self.epilogue_check)
        return Obligation("epilog.resume", src.finish([*self.epi._kept_phis(handed), TRUE]), tgt.finish(outs))

    def _epilogue_start(self, tgt: Side, pred: Block) -> list[Value]:
        """alpha of the epilogue loop's first state, entered from ``pred``, and whether
        ``Inv(index, n.vec2)``, ``n.vec2 % VFe == 0`` and ``n.vec2 != 0`` hold."""
        ep, epi = self.ep, self.epi
        ph = ep.vector_ph
        # A folded reduction's merge phi and accumulator are not in the state (folds.py).
        folded = {id(self.evl.merges[k]) for k in epi.folds}
        for phi in ph.instructions:
            if isinstance(phi, Phi) and id(phi) not in folded:
                tgt.vmap[id(phi)] = tgt.value(incoming(phi, pred.name))
        index = tgt.value(incoming(ep.index, ph.name))
        vphis = epi._by_phi([(phi, tgt.value(incoming(vphi, ph.name))) for phi, _, vphi in epi._vector_phi_types()
                             if id(phi) not in epi.folds])
        alpha = epi._alpha(tgt, index, vphis)
        n_vec = tgt.value(ep.n_vec)
        it = self.ind.type
        rem = tgt.emit(BinOp(it, None, [n_vec, ConstInt(it, ep.lanes)], op="urem"))
        facts = [*epi._inv(tgt, index, n_vec, epi._tc(tgt)),
                 tgt.emit(ICmp(I1, None, [rem, ConstInt(it, 0)], pred="eq")),
                 tgt.emit(ICmp(I1, None, [n_vec, ConstInt(it, 0)], pred="ne"))]
        return [*epi._kept_phis(alpha), emit_and(tgt, facts)]


class _EpilogueLoopWitness(Witness):
    """The epilogue loop's own witness: a reduction's fold starts from its merge phi."""

    def __init__(self, vl: VectorLoop, merges: dict[int, Phi]) -> None:
        self.merges = merges
        super().__init__(vl)

    def _as_folded(self, red: Reduction) -> Reduction:
        return replace(red, init=self.merges[id(red.phi)])


def _original_start(w: Witness, phi: Phi) -> Value:
    """The input loop's start value of a header phi."""
    plan = w.plan
    if phi is plan.induction.phi:
        return plan.induction.start
    inits = [(r.phi, r.init) for r in plan.phis.recurrences] + [(r.phi, r.init) for r in plan.phis.reductions]
    for p, init in inits:
        if p is phi:
            return init
    raise WitnessError(f"header phi %{phi.name} is neither the induction nor a reduction or recurrence")


WITNESS_OF[EpilogueLoop] = EpilogueWitness
