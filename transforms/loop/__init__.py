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
values of the output function) the witness is built from. ``LOOP_TRANSFORM`` is the
transform ``loop``: ``apply(fn)`` returns the vectorized function or None. It is not yet
named ``TRANSFORM`` (which registers it): fuzz campaigns draw straight-line kernels,
which it declines every one of, and a campaign fails a transform that declines all; it
is registered together with the loop-kernel strategy (issue 10, item 6).

The layers, one module each: ``structure`` (loops, LCSSA), ``induction`` (induction,
exit test, trip count), ``phis`` (reductions, recurrences), ``memory`` (accesses,
dependences), ``legality`` (all checks: the plan), ``cost`` (VF, profitability),
``codegen`` (LoopVectorize's block structure), ``vectorizer`` (the driver), ``witness``
(the proof for every trip count), ``native`` (runs at many trip counts).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

from vecverify.ir.function import Function

from ..base import Transform
from .vectorizer import LoopOptions, LoopReport, vectorize_loops
from .witness import LoopProof, prove_loop

__all__ = ["LoopOptions", "LoopReport", "LoopProof", "vectorize_loops", "prove_loop", "LOOP_TRANSFORM"]


@dataclass
class LoopTransform(Transform):
    """The loop vectorizer as a registered transform (``vecverify fuzz --transform loop``)."""

    def apply(self, fn: Function, options: Any = None) -> Function | None:
        opts = options if isinstance(options, LoopOptions) else LoopOptions()
        out, reports = vectorize_loops(fn, opts)
        if out is not None:
            _REPORTS[id(out)] = (weakref.ref(out), reports)
        return out

    def prove_output(self, src: Function, tgt: Function, timeout_ms: int) -> Any:
        """The witness proof of every loop ``apply`` vectorized in ``tgt`` (a mutant may
        have edited tgt since: the witness reads the edited code), or None."""
        from vecverify.refine import Verdict

        from .witness import prove_loop

        ref, reports = _REPORTS.get(id(tgt), (None, []))
        if ref is None or ref() is not tgt:
            return None
        for rep in reports:
            if not rep.vectorized:
                continue
            proof = prove_loop(rep, timeout_ms)
            if proof.status != "proved":
                bad = [v for _, v in proof.checks if getattr(v, "status", "") != "correct"]
                return bad[0] if bad else Verdict("failed", detail=proof.line())
        return Verdict("correct", detail="witness: proved for every trip count")


_REPORTS: dict[int, tuple[Any, list[LoopReport]]] = {}


LOOP_TRANSFORM = LoopTransform(
    "loop",
    "Inner-loop vectorization (LoopVectorize's shape) with first-order recurrences and reductions",
    fuzz_kernels=__import__("properties.loop_strategies", fromlist=["x"]).loop_kernels(),
)
