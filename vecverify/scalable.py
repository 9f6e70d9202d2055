"""Checking a pair with scalable vectors: one refinement check per vscale value.

A function with ``<vscale x N x T>`` or ``llvm.vscale`` is read again at each vscale
its ``vscale_range`` allows (vecverify/ir/vscale.py says which, and where vecverify
bounds them); at one vscale it is a fixed-width function, checked by the ordinary
refinement check with the one semantics. The pair is correct when every instance is;
the first instance refuted is the counterexample, and names its vscale.
"""

from __future__ import annotations

from collections.abc import Callable

from .ir.function import Function
from .ir.vscale import VScaleRange
from .refine import CheckOptions, Verdict

FixedCheck = Callable[[Function, Function, CheckOptions], Verdict]


def is_scalable(fn: Function) -> bool:
    return fn.scalable is not None


def at_vscale(fn: Function, vscale: int) -> Function:
    return fn.scalable.at(vscale) if fn.scalable is not None else fn


def vscale_values(src: Function, limit: int) -> tuple[VScaleRange, list[int]]:
    """The range the source runs in, and the values checked."""
    return src.vscale_range, src.vscale_range.values(limit)


def check_each_vscale(src: Function, tgt: Function, options: CheckOptions, check: FixedCheck) -> Verdict:
    """``check`` at every vscale the source may run at (see the module docstring)."""
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
    for v in values:
        last = check(at_vscale(src, v), at_vscale(tgt, v), options)
        seconds += last.seconds
        queries += last.queries
        if last.status == "correct":
            always_ub.append(last.source_always_ub)
            continue
        last.vscale = f"at vscale {v}, one of {described}"
        if last.status != "failed":  # refuted, unsupported, an error: that is the verdict
            failed = last
            break
        failed = failed or last  # failed to prove: the other values are still tried
    if failed is not None:
        out = failed
    else:
        assert last is not None
        # Vacuous only when the source is always UB at every vscale (unknown if any is).
        vacuous = False if False in always_ub or not always_ub else (None if None in always_ub else True)
        out = Verdict("correct", vscale=f"for {described}", unroll=last.unroll, has_loops=last.has_loops,
                      source_always_ub=vacuous)
    out.seconds, out.queries = seconds, queries
    return out
