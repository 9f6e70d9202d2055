"""Refutations at a concrete trip count.

Where a witness's obligation fails with a counterexample, the witness may be wrong or the
loop may be: a failed obligation is never a verdict. ``refute_by_trip_count`` looks for a
real counterexample instead: the trip-count argument is fixed to each of 0, 1, ..., and
both functions are checked at that trip count, where every execution fits the automatic
bound (``bounded.py``), so the check is complete for it (both functions read the
value as a constant; the source also assumes the argument has it, so that a
counterexample shows it). A counterexample found there is
one of the original pair (the argument has that value in it), replayed like any other.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from ..ir.function import Function
from ..ir.types import VOID, IntType
from ..ir.values import Argument, Call, ConstInt, ICmp, Value
from ..refine import CheckOptions, Verdict
from .bounded import check_bounded


def with_argument(fn: Function, index: int, value: int) -> Function:
    """``fn`` with every use of its argument ``index`` replaced by the constant ``value``."""
    out = copy.deepcopy(fn)
    arg = out.args[index]
    assert isinstance(arg.type, IntType)
    const = ConstInt(arg.type, value)
    for inst in out.instructions():
        inst.operands = [const if op is arg else op for op in inst.operands]
    return out


def assuming_argument(fn: Function, index: int, value: int) -> Function:
    """``fn`` assuming (``llvm.assume`` first thing) that its argument ``index`` is
    ``value``: as the source of a check, only inputs with that value count, and a
    counterexample has it."""
    out = with_argument(fn, index, value)
    arg = out.args[index]
    assert isinstance(arg.type, IntType)
    cmp = ICmp(IntType(1), "tc.is", [arg, ConstInt(arg.type, value)], pred="eq")
    out.blocks[0].instructions[:0] = [cmp, Call(VOID, None, [cmp], callee="llvm.assume")]
    return out


def refute_by_trip_count(src: Function, tgt: Function, trip: Value, lanes: int, options: CheckOptions,
                         timeout_ms: int) -> tuple[Verdict, int] | None:
    """The first trip count 0..3*lanes+1 at which ``tgt`` does not refine ``src`` (the
    verdict of the check at it, and the count), or None. ``trip`` must be an integer
    argument of ``tgt`` (the same position in ``src``)."""
    if not (isinstance(trip, Argument) and isinstance(trip.type, IntType)):
        return None
    k = next((j for j, a in enumerate(tgt.args) if a is trip), None)
    if k is None:
        return None
    opts = replace(options, timeout_ms=timeout_ms, unroll=max(options.unroll, 3 * lanes + 2))
    for count in range(3 * lanes + 2):
        v = check_bounded(assuming_argument(src, k, count), with_argument(tgt, k, count), opts)
        if v.status == "incorrect":
            v.detail = (v.detail + "; " if v.detail else "") + f"at trip count %{trip.name} = {count}"
            return v, count
    return None
