"""The loop vectorizer (LLVM's LoopVectorize for single-block innermost loops) with
first-order recurrences (seed 003) and reductions, and the witness that proves each
loop it vectorizes for every trip count.

Public API::

    from transforms.loop import vectorize_loops, LoopOptions, prove_loop, LOOP_TRANSFORM

    new_fn, reports = vectorize_loops(fn, LoopOptions(target="avx2"))   # or vf=4
    for r in reports:
        print(r.line())        # "@f: loop %9 vectorized VF 8 (recurrence %x, reduction add %s), cost 40 -> 9"
        if r.vectorized:       #  or "@f: loop %9 left scalar: <reason>"
            proof = prove_loop(r)            # entry, step and exit checks (see witness.py)
            print(proof.line())              # "proved for every trip count" or the refutation

``new_fn`` is None when no loop was vectorized; the input function is never changed.
``LoopReport.vector`` is the :class:`~transforms.loop.codegen.VectorLoop` (blocks and
values of the output function) the witness is built from (a
:class:`~transforms.loop.tailfold.FoldedLoop` with ``tail="fold"``). ``TRANSFORM`` lists
the registered transforms: ``LOOP_TRANSFORM`` (``loop``) and ``FOLD_TRANSFORM``
(``loop-fold``: the same with ``--tail fold``, drawn on integer loop kernels with
recurrences and indirect stores, ``loop_kernels(masked=True)``). ``apply(fn)`` returns the
vectorized function or None, and ``prove_output(src, tgt)`` proves what ``apply`` made
with the witness (for every trip count, where a bounded check would not even enter the
vector loop). Fuzz campaigns draw loop kernels for it (properties/loop_strategies.py: plain arrays
and arrays of structs)
and apply it with at most 4 lanes (``FUZZ_MAX_VF``), so that each proof takes about a
second.

The layers, one module each: ``structure`` (loops, LCSSA), ``induction`` (induction,
exit test, trip count), ``phis`` (reductions, recurrences), ``memory`` (accesses,
dependences), ``legality`` (all checks: the plan), ``cost`` (VF, profitability),
``codegen`` (LoopVectorize's block structure), ``epilogue`` (the vectorized epilogue
loop after an interleaved one), ``epiwitness`` (its proof), ``tailfold`` (the masked form without a
scalar loop, ``--tail fold``), ``vectorizer`` (the driver), ``witness`` (the proof for
every trip count), ``foldwitness`` (the tail-folded form's), ``gather`` (indirect loads and stores as
``llvm.masked.gather``/``llvm.masked.scatter``), ``native`` (runs at many
trip counts).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from vecverify.ir.function import Function
from vecverify.refine import CheckOptions, Verdict

from ..base import Transform
from . import epiwitness, foldwitness  # noqa: F401  (register the epilogue's and the tail-folded loop's witness)
from .mutants import fold_mutants, loop_mutants
from .vectorizer import LoopOptions, LoopReport, vectorize_loops
from .witness import LoopProof, prove_loop

__all__ = ["LoopOptions", "LoopReport", "LoopProof", "vectorize_loops", "prove_loop", "TRANSFORM", "LOOP_TRANSFORM",
           "FOLD_TRANSFORM"]


# Campaigns vectorize with at most this many lanes: the witness's step check unrolls VF
# scalar iterations, and 16 or 32 i8 lanes take the solver minutes.
FUZZ_MAX_VF = 4
# ... and one part: UF parts make the step check unroll UF times as many scalar
# iterations (tests cover interleaved loops with small VF*UF).
FUZZ_MAX_UF = 1
# Programs per campaign unit (its and its mutants'): each proof takes seconds, so the
# loop takes short turns with the other transforms.
FUZZ_CHUNK = 4
# What apply made, for prove_output: (the output function, its reports), latest last.
_RECENT_OUTPUTS = 16


def _loop_kernels() -> Any:
    # Hypothesis: only for campaigns
    from hypothesis import strategies as st

    from properties.loop_strategies import group_kernels, loop_kernels

    return st.one_of(loop_kernels(), group_kernels())  # plain arrays, and arrays of structs


def _masked_kernels() -> Any:
    from properties.loop_strategies import loop_kernels  # Hypothesis: only for campaigns

    return loop_kernels(masked=True)


@dataclass
class LoopTransform(Transform):
    """The loop vectorizer as a registered transform (``vecverify fuzz --transform loop``)."""

    _outputs: OrderedDict[int, tuple[Function, list[LoopReport]]] = field(
        default_factory=OrderedDict, repr=False, compare=False)
    tail: str = "epilogue"  # LoopOptions.tail of apply

    def apply(self, fn: Function, options: Any = None) -> Function | None:
        opts = options if isinstance(options, LoopOptions) else \
            LoopOptions(max_vf=FUZZ_MAX_VF, max_uf=FUZZ_MAX_UF, tail=self.tail)
        out, reports = vectorize_loops(fn, opts)
        if out is not None:
            self._outputs[id(out)] = (out, reports)
            while len(self._outputs) > _RECENT_OUTPUTS:
                self._outputs.popitem(last=False)
        return out

    def prove_output(self, src: Function, tgt: Function, options: CheckOptions) -> Verdict | None:
        """The witness proof of every loop ``apply`` vectorized in ``tgt`` (a mutant may
        have edited ``tgt`` since: the witness reads the edited code); None for a
        function ``apply`` did not make (it is then checked as any pair). ``options``:
        the check's time limit per query, clock and deadline (the campaign's)."""
        made = self._outputs.get(id(tgt))
        if made is None or made[0] is not tgt:
            return None
        lines = []
        for report in made[1]:
            if not report.vectorized:
                continue
            proof = prove_loop(report, options.timeout_ms, cpu_time=options.cpu_time, deadline=options.deadline)
            if proof.status != "proved":
                failed = [v for _, v in proof.checks if isinstance(v, Verdict) and v.status != "correct"]
                return failed[0] if failed else Verdict("failed", detail=proof.line())
            lines.append(proof.line())  # "proved for every trip count", or "vacuously" so
        return Verdict("correct", detail="; ".join(lines))


LOOP_TRANSFORM = LoopTransform(
    "loop",
    "Inner-loop vectorization (LoopVectorize's shape) with first-order recurrences and reductions",
    fuzz_kernels=_loop_kernels,
    fuzz_chunk=FUZZ_CHUNK,
    mutants=partial(loop_mutants, FUZZ_CHUNK),
)
FOLD_TRANSFORM = LoopTransform(
    "loop-fold",
    "The loop vectorizer with --tail fold: masked vector loops without a scalar loop (masked reductions)",
    fuzz_kernels=_masked_kernels,
    fuzz_chunk=FUZZ_CHUNK,
    tail="fold",
    mutants=partial(fold_mutants, FUZZ_CHUNK),
)
TRANSFORM = [LOOP_TRANSFORM, FOLD_TRANSFORM]
