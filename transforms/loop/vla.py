"""Vector-length-agnostic loops (``vecverify vectorize --vla``, the seed's
enableVLAVectorization): VF = ``vscale x N`` lanes, vscale known only at run time.

**The code.** The tail-folded form of :mod:`.tailfold` with scalable vectors
(``<vscale x N x T>``): ``vector.ph`` computes ``%vf = vscale x N`` (``llvm.vscale``),
``btc % %vf``, ``n.vec``, and the last vector's mask ``llvm.get.active.lane.mask(0,
btc % VF + 1)`` (SVE's ``whilelo``); ``vector.body`` runs the full vectors unmasked,
``index.next = index + %vf``; ``vector.last`` the last one (1..VF lanes) under the mask
(masked loads and stores, reductions folding their identity in inactive lanes); the
middle block reduces (``llvm.vector.reduce.*``) and reads live-outs at lane ``btc %
VF``. The induction's vector is a splat plus ``llvm.stepvector``, a first-order
recurrence is spliced by ``llvm.vector.splice.right(prev, cur, 1)`` and started by an
``insertelement`` at lane ``vscale x N - 1``. Nothing depends on vscale but those values.
With ``--tail epilogue``, the scalar-epilogue form of :mod:`.codegen` at scalable types
(interleave groups through ``llvm.vector.(de)interleave<F>``; ``--uf`` parts of
``vscale x N`` lanes, part p's first lane at ``p x vscale x N``).

**One function, one copy per vscale.** The vectorizer writes the loop once per vscale
value of the range (``vscale_range(1, MAX)`` on the function, powers of two): at vscale
v the vectors are ``v x N`` lanes (``VectorType.vscale`` = v: the IR of the function read
at v) and ``llvm.vscale`` is v. Each copy prints as the same text (checked: a copy that
prints otherwise is an error, never a verdict), which is the output; the output's
``Function.scalable.at(v)`` is the copy at v.

**The proof**: the tail-folded loop's witness (:mod:`.foldwitness`) of the copy at each
vscale: for every trip count at that vscale, every vscale of the range in turn (a
verdict names the vscale of a refutation). ``N`` and the range make the cost: the
witness's step check unrolls ``vscale x N`` scalar iterations and there is one last-k
check per lane, so ``--vscale-max`` bounds what a proof costs (and what the function
claims: it runs only on machines whose vscale is in its range).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from vecverify.ir.function import Function, Scalable
from vecverify.ir.types import IntType
from vecverify.ir.values import BinOp, Call, ConstInt, ExtractValue
from vecverify.ir.vscale import VScaleRange
from vecverify.llvm.printer import print_function

from . import foldwitness  # noqa: F401  (registers the tail-folded loop's witness)
from .codegen import VectorLoop, vectorize
from .legality import analyze
from .structure import Decline, find_loops
from .tailfold import FoldedLoop, fold_tail
from .witness import WITNESS_OF, Obligation, WitnessError

# SVE's architectural maximum (2048-bit registers); for RISC-V V at 64 bits per vscale,
# VLEN up to 1024.
VLA_VSCALE_MAX = 16


@dataclass
class ScalableLoop:
    """One loop vectorized ``--vla``: its tail-folded copy at each vscale of the range."""

    n: int  # known-minimum lanes: VF = vscale x n
    vscale_range: VScaleRange
    copies: dict[int, FoldedLoop | VectorLoop] = field(default_factory=dict)  # vscale -> the loop read there
    target: str = "sve"  # the machine it was made for (--target sve|rvv): its native witness
    uf: int = 1  # parts of vscale x N lanes per vector iteration (the scalar-epilogue form)

    @property
    def vf(self) -> int:  # the report's VF: the known minimum
        return self.n

    @property
    def plan(self) -> object:
        return self.copies[min(self.copies)].plan

    def describe(self) -> str:
        return self.vscale_range.describe()


def vla_range(vscale_max: int) -> VScaleRange:
    if vscale_max < 1 or vscale_max & (vscale_max - 1):
        raise ValueError(f"the largest vscale must be a power of two, not {vscale_max}")
    return VScaleRange(1, vscale_max, True)


def vectorize_vla_loop(copies: dict[int, Function], header: str, n: int, rng: VScaleRange,
                       index32: bool = False, tail: str = "fold", target: str = "sve", uf: int = 1) -> ScalableLoop:
    """Vectorize the loop at ``header`` in each vscale's copy of the function (``copies``:
    vscale -> that copy, rewritten in place only when every vscale's succeeds), or
    Decline naming the vscale that declined. ``index32``: gathers and scatters index
    with ``<vscale x N x i32>`` where the index is a 32-bit value extended; ``tail``:
    ``fold`` (the last vector under the lane mask) or ``epilogue`` (the scalar loop runs
    the remainder; ``uf`` parts of vscale x N lanes each per vector iteration)."""
    if uf != 1 and tail == "fold":
        raise Decline("tail folding: interleaving (UF > 1) is not done under a mask")
    if uf < 1 or uf & (uf - 1):
        raise Decline(f"UF {uf} is not a power of two")
    work = {v: copy.deepcopy(fn) for v, fn in copies.items()}
    out = ScalableLoop(n, rng, target=target, uf=uf)
    for v, fn in work.items():
        lp, why = next(((lp, why) for h, lp, why in find_loops(fn) if h == header), (None, "not found"))
        if lp is None:
            raise Decline(why)
        plan = analyze(lp)
        plan.index32 = index32
        it = plan.induction.type
        assert isinstance(it, IntType)
        top = rng.bound() * n * uf
        lanes = f"vscale x {n}" + (f" x UF {uf}" if uf > 1 else "")
        if top >= 1 << (it.bits - 1):
            raise Decline(f"--vla: {lanes} up to {top} lanes does not fit the {it} induction")
        if plan.max_vf is not None and top > plan.max_vf:
            raise Decline(f"--vla: the dependences allow {plan.max_vf} lanes, {lanes} may be {top}")
        try:
            out.copies[v] = fold_tail(plan, v * n, vscale=v) if tail == "fold" else vectorize(plan, v * n, uf, vscale=v)
        except Decline as e:
            raise Decline(f"{e} (at vscale {v})") from None
    copies.update(work)
    return out


def finish_vla_function(copies: dict[int, Function], rng: VScaleRange) -> Function:
    """The output function: the copy at the smallest vscale, carrying the range and its
    copies (``scalable.at``). Every copy must print as the same text (Decline, an error
    of the vectorizer's own, where one does not)."""
    for fn in copies.values():
        fn.vscale_range = rng
    first = min(copies)
    text = print_function(copies[first])
    for v, fn in copies.items():
        if print_function(fn) != text:
            raise Decline(f"--vla: internal error: the code read at vscale {v} is not the code at vscale {first}")
    # The copies checks read (instantiated: checked as they are, at their vscale).
    instances = {v: copy.copy(fn) for v, fn in copies.items()}
    for v, fn in instances.items():
        fn.scalable = Scalable(v, instances.__getitem__, instantiated=True)
    out = copies[first]
    out.scalable = Scalable(first, instances.__getitem__, instantiated=False)
    return out


class ScalableWitness:
    """The witness of a ``--vla`` loop: the tail-folded loop's at each vscale."""

    def __init__(self, sl: ScalableLoop) -> None:
        self.sl = sl
        self.vscale = sl.describe()
        self.witnesses = {v: WITNESS_OF[type(fl)](fl) for v, fl in sorted(sl.copies.items())}
        first = self.witnesses[min(self.witnesses)]
        self.folds = first.folds

    def obligations(self) -> list[Obligation]:
        out: list[Obligation] = []
        for v, w in self.witnesses.items():
            try:
                obs = w.obligations()
            except WitnessError as e:
                raise WitnessError(f"at vscale {v}: {e}") from None
            out += [Obligation(f"vscale {v}: {o.name}", o.src, o.tgt) for o in obs]
        return out


WITNESS_OF[ScalableLoop] = ScalableWitness


# ----------------------------------------------------------------------------- mutants


def mutate_step(sl: ScalableLoop) -> None:
    """The mutant "a step of N instead of vscale x N": ``index.next = index + N`` in
    every copy (the same code at vscale 1; overlapping vectors above)."""
    for fl in sl.copies.values():
        it = fl.index_next.type
        assert isinstance(it, IntType)
        fl.index_next.operands[1] = ConstInt(it, sl.n)


def mutate_mask(sl: ScalableLoop) -> None:
    """The mutant "a mask that ignores vscale": the last vector's active lanes counted
    from ``btc % N`` instead of ``btc % (vscale x N)``, in every copy (tail-folded)."""
    for fl in sl.copies.values():
        assert isinstance(fl, FoldedLoop)
        mask = fl.mask
        assert isinstance(mask, Call)
        count = mask.operands[1]
        assert isinstance(count, BinOp)
        it = fl.btc.type
        assert isinstance(it, IntType)
        rem = BinOp(it, "rem.n", [fl.btc, ConstInt(it, sl.n)], op="urem")
        insts = fl.vector_ph.instructions
        insts.insert(insts.index(count), rem)
        count.operands[0] = rem


def mutate_group_members(sl: ScalableLoop) -> None:
    """A load group's members 0 and 1 swapped: each takes the other's field of
    ``llvm.vector.deinterleave<F>`` (wrong at every vscale: the proof must see lanes)."""
    for fl in sl.copies.values():
        for inst in fl.plan.loop.fn.instructions():
            if isinstance(inst, ExtractValue) and isinstance(inst.operands[0], Call) and \
                    "deinterleave" in str(inst.operands[0].callee) and inst.index in (0, 1):
                inst.index = 1 - inst.index


def mutate_part_offset(sl: ScalableLoop) -> None:
    """An interleaved loop's part p started at ``p x N`` lanes instead of ``p x vscale x
    N`` (the same code at vscale 1; overlapping parts above), in every copy."""
    for fl in sl.copies.values():
        for inst in fl.plan.loop.fn.instructions():
            if isinstance(inst, BinOp) and inst.name and inst.name.startswith("part") and inst.name.endswith(".idx"):
                it = inst.type
                assert isinstance(it, IntType)
                inst.operands[1] = ConstInt(it, sl.n * int(inst.name[4:-4]))


# The mutants: the correct code at vscale 1, wrong above it.
VLA_MUTANTS = {"step-n": mutate_step, "mask-ignores-vscale": mutate_mask}
