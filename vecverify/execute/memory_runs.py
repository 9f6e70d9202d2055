"""Native runs of a function and its vectorized form on random memory: the independent
witness for functions with pointer arguments that a vectorizer rewrote (what
``vecverify vectorize --verify`` and the SLP benchmark run next to the proof, through
``vecverify.compare``).

Inputs come from the one generator (inputs.py): every pointer argument gets a buffer of
random bytes (the same for both functions, with guard bytes around it); integer
arguments that decide a loop's trip count or an address ("shape" arguments: they reach a
comparison, a branch or a getelementptr) are drawn small, the others over their whole
range, biased to edge values; floating-point values carry no edge values (two NaN
payloads meeting may give either, natively). A run where the source
writes out of bounds is not compared (the source is UB there). Both functions' return
values and the final contents of every buffer are compared byte for byte, except where a
floating-point pointee's element is a NaN in both: an operation's NaN result may take any
sign and payload (LangRef, "Behavior of Floating-Point NaN values"), and two back ends
choose differently (x86 folds ``a*b + x*-y`` into an FMA that subtracts, which keeps an
input NaN's sign; with the negation computed apart, as a vectorized complex multiply
does, the sign flips). A NaN against a number still differs.

The two native results are compared with each other, not with the source's semantics
(vecverify.execute.runs.compare_natively does that, but draws loop bounds over their
whole range, which the unrolled semantics cannot follow): a byte the source leaves poison
is not told apart, and a mismatch is reported with its inputs, as native evidence.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import Unsupported
from ..ir.function import Function, Module
from ..ir.types import FloatType, PtrType, Type
from ..ir.values import Argument, GetElementPtr, Load, Store
from ..llvm import print_module
from .inputs import Draw, random_input, shape_arguments
from .isolated import Crash, Stage, run_isolated
from .native import compile_module

BUFFER_BYTES = 4096


@dataclass
class MemoryRuns:
    runs: int = 0
    skipped: int = 0  # inputs where the source itself writes out of bounds (or crashes)
    mismatches: list[str] = field(default_factory=list)  # one line each: inputs and what differs
    source_crashes: list[str] = field(default_factory=list)  # skipped inputs where the source crashed


SKIPPED = "skipped"


def random_arguments(fn: Function, rng: random.Random, shape: set[int]) -> tuple[list[Any], dict[int, np.ndarray]]:
    """A random input (inputs.py, the draw of runs compared byte for byte) as arguments
    and each pointer argument's buffer."""
    inp = random_input(fn, rng, draw=Draw(float_edges=False, small_ints=False, shape=frozenset(shape),
                                          buffer_bytes=BUFFER_BYTES))
    buffers = {k: np.frombuffer(inp.blocks[where[0]], dtype=np.uint8).copy()
               for k, where in inp.pointers.items() if where is not None}
    return list(inp.args), buffers


# One native input: the arguments, the pointer arguments' buffers, and how a mismatch names it.
Input = tuple[list[Any], dict[int, np.ndarray], str]


def compare_inputs(src: Function, tgt: Function, inputs: Iterable[Input], reordered: bool = False) -> MemoryRuns:
    """Run ``src`` and ``tgt`` natively on each input: return values and every buffer
    compared byte for byte; an input where the source writes out of bounds is skipped.

    ``reordered``: ``tgt`` sums or multiplies floating-point values in another order than
    ``src`` (a reassociated reduction), so its floating-point results may differ by
    rounding: the buffers of floating-point pointees are filled with tame values
    (magnitudes 0.5..2, random signs) and compared, as floating-point return values, within
    ``reorder_tolerance``; all else stays byte for byte."""
    tgt_fn = copy.copy(tgt)
    tgt_fn.name = f"{src.name}.vectorized"
    module = compile_module(print_module(Module(functions={src.name: src, tgt_fn.name: tgt_fn})))
    nans: dict[int, FloatType] = {k: t for k, t in pointee_types(src).items() if isinstance(t, FloatType)}
    floats = nans if reordered else {}
    ret = src.ret_type if reordered and isinstance(src.ret_type, FloatType) else None
    pointers = [k for k, arg in enumerate(src.args) if isinstance(arg.type, PtrType)]
    todo = list(inputs)

    def one(n: int, stage: Stage) -> str | None:
        """The mismatch line of input ``n``, None where both agree, SKIPPED where the
        source writes out of bounds."""
        args, buffers, where = todo[n]
        for k, t in floats.items():
            if k in buffers:
                buffers[k] = tame_floats(buffers[k], t, n)
        stage("source")
        a = module.run(src.name, args, buffers)
        if a.oob_writes:
            return SKIPPED
        stage("vectorized")
        b = module.run(tgt_fn.name, args, buffers)
        if b.oob_writes:
            return f"{where}: the vectorized function writes out of bounds of argument {b.oob_writes[0]}"
        if a.value != b.value and not (ret is not None and close_within_rounding(np.array([a.value]),
                                                                                np.array([b.value]), ret)):
            return f"{where}: returns {a.value}, vectorized {b.value}"
        for k, (x, y) in enumerate(zip(a.buffers, b.buffers, strict=True)):
            ft = floats.get(pointers[k]) if k < len(pointers) else None
            nt = nans.get(pointers[k]) if k < len(pointers) else None
            if not np.array_equal(x, y) and not (ft is not None and close_within_rounding(x, y, ft)) and \
                    not (nt is not None and agree_but_nan_bits(x, y, nt)):
                at = int(np.flatnonzero(x != y)[0])
                return f"{where}: pointer {k}, byte {at}: {x[at]:#04x} vs {y[at]:#04x}"
        return None

    out = MemoryRuns()
    for n, outcome in run_isolated(len(todo), one):
        if isinstance(outcome, Crash) and outcome.stage == "vectorized":
            out.runs += 1
            out.mismatches.append(f"{todo[n][2]}: the vectorized function {outcome.how}")
        elif isinstance(outcome, Crash) or outcome == SKIPPED:
            out.skipped += 1  # the source is UB on this input (out of bounds, or it crashed)
            if isinstance(outcome, Crash):
                out.source_crashes.append(f"{todo[n][2]}: the source {outcome.how}")
        else:
            out.runs += 1
            if outcome is not None:
                out.mismatches.append(outcome)
    return out


_FLOAT_DTYPE = {16: np.float16, 32: np.float32, 64: np.float64}
_UINT_DTYPE = {16: np.uint16, 32: np.uint32, 64: np.uint64}


def reorder_tolerance(t: FloatType, terms: int) -> float:
    """The relative difference two orders of summing ``terms`` values of magnitude at
    most 2 may show (rounding error grows with the terms' count), floored at 1e-3."""
    eps = 2.0 ** -(t.sbits - 1)
    return max(1e-3, 4 * terms * eps)


def tame_floats(data: np.ndarray, t: FloatType, seed: int) -> np.ndarray:
    """``data``'s bytes as values of ``t`` with magnitudes 0.5..2 and random signs
    (sums neither overflow nor cancel badly, products stay in range)."""
    if t.bits not in _FLOAT_DTYPE or len(data) % (t.bits // 8):
        return data
    rng = np.random.default_rng(seed)
    count = len(data) // (t.bits // 8)
    values = rng.uniform(0.5, 2.0, count) * rng.choice([-1.0, 1.0], count)
    return values.astype(_FLOAT_DTYPE[t.bits]).view(np.uint8).copy()


_IEEE = {(16, 11), (32, 24), (64, 53)}  # (bits, significand bits) numpy holds as float16/32/64


def agree_but_nan_bits(x: np.ndarray, y: np.ndarray, t: FloatType) -> bool:
    """Whether two buffers of ``t`` encodings (bytes) agree byte for byte except at
    elements that are a NaN in both (any sign or payload: the module docstring)."""
    if (t.bits, t.sbits) not in _IEEE or len(x) != len(y) or len(x) % (t.bits // 8):
        return False
    a, b = x.view(_UINT_DTYPE[t.bits]), y.view(_UINT_DTYPE[t.bits])
    both = np.isnan(a.view(_FLOAT_DTYPE[t.bits])) & np.isnan(b.view(_FLOAT_DTYPE[t.bits]))
    return bool(np.all((a == b) | both))


def close_within_rounding(x: np.ndarray, y: np.ndarray, t: FloatType) -> bool:
    """Whether two arrays of ``t`` encodings (bytes or integers) agree within the reorder
    tolerance: same NaN-ness, same infinities, else close relative to max(1, |value|)."""
    if t.bits not in _FLOAT_DTYPE:
        return False
    width = _UINT_DTYPE[t.bits]
    a = (x.view(width) if x.dtype == np.uint8 else x.astype(width)).view(_FLOAT_DTYPE[t.bits]).astype(np.float64)
    b = (y.view(width) if y.dtype == np.uint8 else y.astype(width)).view(_FLOAT_DTYPE[t.bits]).astype(np.float64)
    if len(a) != len(b) or not np.array_equal(np.isnan(a), np.isnan(b)):
        return False
    a, b = a[~np.isnan(a)], b[~np.isnan(b)]
    tol = reorder_tolerance(t, BUFFER_BYTES // (t.bits // 8))
    with np.errstate(invalid="ignore", over="ignore"):
        return bool(np.all((a == b) | (np.abs(a - b) <= tol * np.maximum(1.0, np.maximum(np.abs(a), np.abs(b))))))


def pointee_types(fn: Function) -> dict[int, Type]:
    """The element type each pointer argument is loaded or stored as (through GEPs)."""
    out: dict[int, Type] = {}
    for inst in fn.instructions():
        if not isinstance(inst, Load | Store):
            continue
        p = inst.operands[0] if isinstance(inst, Load) else inst.operands[1]
        while isinstance(p, GetElementPtr):
            p = p.operands[0]
        if isinstance(p, Argument) and p in fn.args:
            t = inst.type if isinstance(inst, Load) else inst.operands[0].type
            out.setdefault(fn.args.index(p), t)
    return out


def compare_on_memory(src: Function, tgt: Function, count: int, seed: int) -> MemoryRuns:
    """Run ``src`` and ``tgt`` (same signature) natively on ``count`` random inputs."""
    if [str(a.type) for a in src.args] != [str(a.type) for a in tgt.args]:
        raise Unsupported(f"native runs of @{src.name}: the two signatures differ")
    shape = shape_arguments(src)
    rng = random.Random(seed)

    def inputs() -> Iterator[Input]:
        for _ in range(count):
            args, buffers = random_arguments(src, rng, shape)
            shown = ", ".join("buf" if x is None else hex(x) if isinstance(x, int) else str(x) for x in args)
            yield args, buffers, f"({shown})"

    return compare_inputs(src, tgt, inputs())
