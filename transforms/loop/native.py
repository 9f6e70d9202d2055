"""Native runs of a function and its loop-vectorized form at chosen trip counts: every
trip count 0..3*VF+1 (the scalar-only, vector-only and mixed paths, and each remainder)
and a few random larger ones, on random memory (``slp/native_runs``: both functions get
the same buffers; return values and every buffer are compared byte for byte, except the
floating-point results of a reordered floating-point reduction: within rounding).

The trip count is set through the argument the loop's bound comes from (``%n``, or the
``zext``/``sext`` of it that clang puts in the preheader), as ``start + t`` for a
constant start; other integer arguments that shape the function are drawn small.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np

from vecverify.execute.inputs import shape_arguments
from vecverify.execute.memory_runs import (
    BUFFER_BYTES,
    Input,
    MemoryRuns,
    compare_inputs,
    random_arguments,
)
from vecverify.ir.function import Function
from vecverify.ir.types import IntType
from vecverify.ir.values import Argument, Br, Cast, ConstInt, GetElementPtr, ICmp, Load, Value

from .codegen import VectorLoop
from .folds import FLOATING_KINDS

RANDOM_LARGER = 6  # random trip counts beyond 3*VF+1
MAX_TRIP = 200


def _bound_argument(vl: VectorLoop) -> tuple[int, int] | None:
    """(argument index, start) when the bound is an argument and the start a constant."""
    ind = vl.plan.induction
    b: Value = ind.bound
    while isinstance(b, Cast) and b.op in ("zext", "sext"):
        b = b.operands[0]
    if not isinstance(b, Argument) or not isinstance(ind.start, ConstInt):
        return None
    return b.index, ind.start.signed()


def trip_counts(vf: int, seed: int, most: int = MAX_TRIP) -> list[int]:
    rng = random.Random(seed)
    return list(range(3 * vf + 2)) + sorted(rng.randint(3 * vf + 2, max(most, 3 * vf + 2))
                                            for _ in range(RANDOM_LARGER))


def first_trip_count(src: Function, vl: VectorLoop) -> int:
    """1 where every execution reaches the loop's body (the entry leads to its preheader
    through unconditional branches only) and the exit test is an equality, else 0. Such a
    loop runs once before its first exit test, so a bound that asks it for zero trips asks
    for 2^w of them (off the end of every buffer: the native run would crash the process);
    an ordered test (``i.next < n``) leaves after one trip."""
    cond = vl.plan.loop.branch.operands[0] if vl.plan.loop.branch.operands else None
    equality = isinstance(cond, ICmp) and cond.pred in ("eq", "ne")
    return 1 if equality and _always_entered(src, vl) else 0


def _always_entered(src: Function, vl: VectorLoop) -> bool:
    seen: set[str] = set()
    block = src.entry
    header = vl.plan.loop.header.name
    while block.name not in seen:  # unconditional branches from the entry to the header
        seen.add(block.name)
        term = block.instructions[-1] if block.instructions else None
        if not isinstance(term, Br) or term.operands or len(term.targets) != 1:
            return False
        if term.targets[0] == header:
            return True
        block = src.block(term.targets[0])
    return False


def _most_trips(vl: VectorLoop) -> int:
    """The largest trip count whose accesses fit the buffers (a strided access
    advances F elements an iteration)."""
    step = max((max(a.stride, a.access.size) for a in vl.plan.accesses), default=1)
    return min(MAX_TRIP, BUFFER_BYTES // step - 1)


def _index_buffers(vl: VectorLoop) -> dict[int, tuple[int, int]]:
    """The pointer arguments a gather's or scatter's index is loaded from (``x[idx[i]]``
    with ``idx`` an argument): argument index -> (the index's element bytes, how many
    elements of the indexed object fit a buffer). Random bytes there would index far
    outside the buffers (a native run reading there crashes the process)."""
    out: dict[int, tuple[int, int]] = {}
    for a in vl.plan.accesses:
        if a.kind not in ("gather", "scatter"):
            continue
        gep = a.inst.operands[0 if isinstance(a.inst, Load) else 1]
        if not isinstance(gep, GetElementPtr) or len(gep.operands) != 2:
            continue
        index: Value = gep.operands[1]
        while isinstance(index, Cast) and index.op in ("zext", "sext"):
            index = index.operands[0]
        if not isinstance(index, Load) or not isinstance(index.type, IntType):
            continue
        ptr: Value = index.operands[0]
        while isinstance(ptr, GetElementPtr):
            ptr = ptr.operands[0]
        if isinstance(ptr, Argument):
            elems = BUFFER_BYTES // max(1, a.access.size)
            out[ptr.index] = (index.type.bits // 8, min(elems, out.get(ptr.index, (0, elems))[1]))
    return out


def _tame_indices(buffers: dict[int, np.ndarray], indices: dict[int, tuple[int, int]], rng: random.Random) -> None:
    for k, (size, elems) in indices.items():
        if k in buffers and size in (1, 2, 4, 8):
            count = len(buffers[k]) // size
            values = np.array([rng.randrange(elems) for _ in range(count)], dtype=f"<u{size}")
            buffers[k][: count * size] = values.view(np.uint8)


def compare_at_trip_counts(src: Function, tgt: Function, vl: VectorLoop, seed: int = 0) -> MemoryRuns:
    """Run both at every trip count of :func:`trip_counts` from :func:`first_trip_count`
    on (one random input each; the index arrays of gathers and scatters hold indices inside the buffers)."""
    shape = shape_arguments(src)
    bound = _bound_argument(vl)
    indices = _index_buffers(vl)
    rng = random.Random(seed)

    def inputs() -> Iterator[Input]:
        least = first_trip_count(src, vl)
        for t in trip_counts(vl.lanes, seed, _most_trips(vl)):
            if t < least:
                continue
            args, buffers = random_arguments(src, rng, shape)
            _tame_indices(buffers, indices, rng)
            if bound is not None:
                k, start = bound
                bits = src.args[k].type.bits  # type: ignore[attr-defined]
                args[k] = (start + t) % (1 << bits)
            yield args, buffers, (f"trip count {t}" if bound is not None else "random input")

    # A floating-point reduction's vector order rounds differently (fadd/fmul under
    # reassoc) or may pick another zero's sign and would see NaNs the scalar loop makes
    # poison (minnum/maxnum under nnan nsz): tame values, compared within rounding.
    reordered = any(r.kind in FLOATING_KINDS for r in vl.plan.phis.reductions)
    return compare_inputs(src, tgt, inputs(), reordered=reordered)
