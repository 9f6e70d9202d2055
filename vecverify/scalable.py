"""Checking a pair with scalable vectors: one refinement check per vscale value.

A function with ``<vscale x N x T>`` or ``llvm.vscale`` is read again at each vscale
its ``vscale_range`` allows (vecverify/ir/vscale.py says which, and where vecverify
bounds them); at one vscale it is a fixed-width function, checked by the ordinary
refinement check with the one semantics. The pair is correct when every instance is;
the first instance not proved (refuted, failed, unsupported) is the verdict, and names
its vscale; a loop verdict covers what its weakest instance covers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .errors import SignatureMismatch
from .ir.function import Function
from .ir.vscale import VScaleRange
from .refine import CheckOptions, Verdict

FixedCheck = Callable[[Function, Function, CheckOptions], Verdict]
# A loop verdict's coverage, strongest first (vecverify/loops): a verdict over every
# vscale covers what its weakest instance covers.
_COVERAGE_RANK = {"proved": 0, "complete": 1, "bounded": 2, "vacuous": 3}


def is_scalable(fn: Function) -> bool:
    return fn.scalable is not None


def at_vscale(fn: Function, vscale: int) -> Function:
    return fn.scalable.at(vscale) if fn.scalable is not None else fn


def vscale_values(src: Function, limit: int) -> tuple[VScaleRange, list[int]]:
    """The range the source runs in, and the values checked."""
    return src.vscale_range, src.vscale_range.values(limit)


def check_each_vscale(src: Function, tgt: Function, options: CheckOptions, check: FixedCheck) -> Verdict:
    """``check`` at every vscale the source may run at (see the module docstring)."""
    if src.signature() != tgt.signature():  # <4 x i32> is not <vscale x 4 x i32>, even at vscale 1
        raise SignatureMismatch(f"signature mismatch between @{src.name} ({src.signature()}) and "
                                f"@{tgt.name} ({tgt.signature()})")
    limit = options.vscale_max
    rng, values = vscale_values(src, limit)
    described = rng.describe(limit)
    refused = [v for v in values if not tgt.vscale_range.allows(v)]
    if refused:
        return Verdict("incorrect", "Function attributes not refined", vscale=described,
                       detail=f"@{tgt.name} has {tgt.vscale_range.stated()}, which excludes vscale "
                              f"{refused[0]}; @{src.name} has {rng.stated()}")
    seconds, queries = 0.0, 0
    failed: Verdict | None = None
    last: Verdict | None = None
    always_ub: list[bool | None] = []  # per vscale checked correct: is the source always UB
    corrects: list[Verdict] = []
    for v in values:
        last = check(at_vscale(src, v), at_vscale(tgt, v), options)
        seconds += last.seconds
        queries += last.queries
        if last.status == "correct":
            always_ub.append(last.source_always_ub)
            corrects.append(last)
            continue
        last.vscale = f"at vscale {v}, one of {described}"
        if last.status == "failed" and v != values[-1]:
            # Larger vscales are larger queries: the verdict is not "correct" either way.
            last.vscale += f"; vscale above {v} not tried"
        failed = last  # refuted, failed, unsupported, an error: that is the verdict
        break
    if failed is not None:
        out = failed
    else:
        assert last is not None
        # Vacuous only when the source is always UB at every vscale (unknown if any is).
        vacuous = False if False in always_ub or not always_ub else (None if None in always_ub else True)
        weakest = max(corrects, key=lambda c: _COVERAGE_RANK.get(c.loops, 0))
        out = replace(weakest, vscale=f"for {described}", source_always_ub=vacuous)
    out.seconds, out.queries = seconds, queries
    return out
