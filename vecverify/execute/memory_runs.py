"""Native runs of a function and its vectorized form on random memory: the independent
witness for functions with pointer arguments that a vectorizer rewrote (what
``vecverify vectorize --verify`` and the SLP benchmark run next to the proof, through
``vecverify.compare``).

Every pointer argument gets a buffer of random bytes (the same for both functions, with
guard bytes around it); integer arguments that decide a loop's trip count or an address
("shape" arguments: they reach a comparison, a branch or a getelementptr) are drawn
small, the others over their whole range, biased to edge values. A run where the source
writes out of bounds is not compared (the source is UB there). Both functions' return
values and the final contents of every buffer are compared byte for byte.

The two native results are compared with each other, not with the source's semantics
(vecverify.native_check.compare_natively does that, but draws loop bounds over their
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
from ..ir.edges import int_edges
from ..ir.function import Function, Module
from ..ir.types import FloatType, IntType, PtrType, VectorType
from ..ir.values import (
    BinOp,
    Br,
    Cast,
    GetElementPtr,
    ICmp,
    Instruction,
    Phi,
    Select,
    Switch,
    Value,
)
from ..llvm import print_module
from .native import compile_module

BUFFER_BYTES = 4096
SHAPE_MAX = 8  # shape arguments are drawn from 0..SHAPE_MAX


@dataclass
class MemoryRuns:
    runs: int = 0
    skipped: int = 0  # inputs where the source itself writes out of bounds
    mismatches: list[str] = field(default_factory=list)  # one line each: inputs and what differs


def shape_arguments(fn: Function) -> set[int]:
    """Indices of the integer arguments that reach a comparison, a branch or an address."""
    users: dict[int, list[Instruction]] = {}
    for inst in fn.instructions():
        for op in inst.operands:
            users.setdefault(id(op), []).append(inst)
    out = set()
    for k, arg in enumerate(fn.args):
        if not isinstance(arg.type, IntType):
            continue
        seen: set[int] = set()
        stack: list[Value] = [arg]
        while stack:
            v = stack.pop()
            for u in users.get(id(v), []):
                if isinstance(u, ICmp | Br | Switch | GetElementPtr):
                    out.add(k)
                    stack.clear()
                    break
                if isinstance(u, BinOp | Cast | Select | Phi) and id(u) not in seen:
                    seen.add(id(u))
                    stack.append(u)
    return out


def _edge_biased(bits: int, rng: random.Random) -> int:
    if rng.random() < 0.3:
        return rng.choice(int_edges(bits))
    return rng.getrandbits(bits)


def random_arguments(fn: Function, rng: random.Random, shape: set[int]) -> tuple[list[Any], dict[int, np.ndarray]]:
    args: list[Any] = []
    buffers: dict[int, np.ndarray] = {}
    for k, a in enumerate(fn.args):
        t = a.type
        if isinstance(t, PtrType):
            args.append(None)
            buffers[k] = np.frombuffer(rng.randbytes(BUFFER_BYTES), dtype=np.uint8).copy()
        elif isinstance(t, IntType):
            args.append(rng.randint(0, SHAPE_MAX) if k in shape else _edge_biased(t.bits, rng))
        elif isinstance(t, FloatType):
            args.append(rng.getrandbits(t.bits))
        elif isinstance(t, VectorType) and isinstance(t.elem, IntType | FloatType):
            args.append([rng.getrandbits(t.elem.bits) for _ in range(t.count)])
        else:
            raise Unsupported(f"native runs of @{fn.name}: an argument of type {t}")
    return args, buffers


# One native input: the arguments, the pointer arguments' buffers, and how a mismatch names it.
Input = tuple[list[Any], dict[int, np.ndarray], str]


def compare_inputs(src: Function, tgt: Function, inputs: Iterable[Input]) -> MemoryRuns:
    """Run ``src`` and ``tgt`` natively on each input: return values and every buffer
    compared byte for byte; an input where the source writes out of bounds is skipped."""
    tgt_fn = copy.copy(tgt)
    tgt_fn.name = f"{src.name}.vectorized"
    module = compile_module(print_module(Module(functions={src.name: src, tgt_fn.name: tgt_fn})))
    out = MemoryRuns()
    for args, buffers, where in inputs:
        a = module.run(src.name, args, buffers)
        if a.oob_writes:
            out.skipped += 1
            continue
        b = module.run(tgt_fn.name, args, buffers)
        out.runs += 1
        if b.oob_writes:
            out.mismatches.append(f"{where}: the vectorized function writes out of bounds of argument {b.oob_writes[0]}")
        elif a.value != b.value:
            out.mismatches.append(f"{where}: returns {a.value}, vectorized {b.value}")
        else:
            for k, (x, y) in enumerate(zip(a.buffers, b.buffers, strict=True)):
                if not np.array_equal(x, y):
                    at = int(np.flatnonzero(x != y)[0])
                    out.mismatches.append(f"{where}: pointer {k}, byte {at}: {x[at]:#04x} vs {y[at]:#04x}")
                    break
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
