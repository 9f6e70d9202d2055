"""The one generator of native inputs: argument values biased to edge values
(``ir/edges.random_value``, which the fuzz kernels' arrays are drawn with too), a buffer of
random bytes for each pointer argument, drawn from a seeded generator. Every native run
draws its inputs here: ``vecverify exec`` and ``check --exec`` (runs.py), the native
replay's windows (replay.py), the vectorizers' runs on memory (memory_runs.py) and the
loop vectorizer's runs at chosen trip counts (transforms/loop/native.py).

What differs between them is said by a :class:`Draw`: runs whose results are checked
against the semantics take floating-point edge values (NaNs, infinities, -0.0, the
semantics say which results are allowed) and buffers as large as the function's
accesses reach; runs that compare two native results byte for byte take no
floating-point edge values (two NaN payloads would meet and either may win), buffers
of one fixed size, and the integer arguments that decide trip counts and addresses
("shape" arguments) small.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..errors import Unsupported
from ..ir.edges import random_value
from ..ir.function import Function
from ..ir.layout import DataLayout
from ..ir.types import ArrayType, FloatType, IntType, PtrType, Type, VectorType
from ..ir.values import (
    Argument,
    BinOp,
    Br,
    Call,
    Cast,
    ConstInt,
    GetElementPtr,
    ICmp,
    Instruction,
    Load,
    Phi,
    Select,
    Store,
    Switch,
    Value,
)
from ..semantics.aggregates import is_aggregate
from ..semantics.concrete import ConcreteInput
from .sizes import store_size

DEFAULT_BUFFER = 64  # bytes, for a pointer argument accessed at offsets that are not constant
SHAPE_MAX = 8  # shape arguments are drawn from 0..SHAPE_MAX


@dataclass(frozen=True)
class Draw:
    """How a native input is drawn (see the module docstring)."""

    float_edges: bool = True  # floating-point edge values (only where the semantics judge the results)
    small_ints: bool = True  # some integers of small magnitude (-8..8: indices, counts)
    shape: frozenset[int] = frozenset()  # integer arguments drawn from 0..SHAPE_MAX
    buffer_bytes: int | None = None  # every buffer this large; None: as the accesses reach


def random_bytes(n: int, rng: random.Random) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(n))


@dataclass(frozen=True)
class Extent:
    """The bytes a function accesses through one pointer argument, relative to it."""

    low: int = 0
    high: int = 0
    variable: bool = False  # some access is at an offset that is not a constant

    def size(self) -> int:
        span = self.high - self.low
        return max(span + DEFAULT_BUFFER, DEFAULT_BUFFER) if self.variable else max(span, 1)


def _constant_offset(v: Value, layout: DataLayout) -> tuple[Argument, int] | None:
    """The pointer argument ``v`` is based on and its constant byte offset from it, or
    None (not based on an argument through constant getelementptrs)."""
    offset = 0
    while isinstance(v, GetElementPtr):
        t: Type | None = v.source_type
        for k, idx in enumerate(v.operands[1:]):
            if t is None or not isinstance(idx, ConstInt):
                return None
            if k > 0:
                if not isinstance(t, VectorType | ArrayType):
                    return None
                t = t.elem
            offset += idx.signed() * layout.alloc_size(t)
        v = v.operands[0]
    return (v, offset) if isinstance(v, Argument) else None


def _accesses(fn: Function) -> list[tuple[Value, int]]:
    """Every memory access: its pointer operand and how many bytes it touches."""
    def value_bytes(t: Type) -> int:
        return fn.layout.alloc_size(t) if is_aggregate(t) else store_size(t)

    out = []
    for inst in fn.instructions():
        if isinstance(inst, Load):
            out.append((inst.operands[0], value_bytes(inst.type)))
        elif isinstance(inst, Store):
            out.append((inst.operands[1], value_bytes(inst.operands[0].type)))
        elif isinstance(inst, Call) and inst.callee.startswith("llvm.masked.load"):
            out.append((inst.operands[0], value_bytes(inst.type)))
        elif isinstance(inst, Call) and inst.callee.startswith("llvm.masked.store"):
            out.append((inst.operands[1], value_bytes(inst.operands[0].type)))
    return out


def pointer_extents(fn: Function) -> dict[int, Extent]:
    """For each pointer argument, the bytes the function's accesses through it reach."""
    extents = {i: Extent() for i, a in enumerate(fn.args) if isinstance(a.type, PtrType)}
    touched: set[int] = set()
    for pointer, nbytes in _accesses(fn):
        found = _constant_offset(pointer, fn.layout)
        if found is None:
            base = pointer
            while isinstance(base, GetElementPtr):
                base = base.operands[0]
            if isinstance(base, Argument) and base.index in extents:
                e = extents[base.index]
                extents[base.index] = Extent(e.low, e.high, True)
            continue
        arg, offset = found
        e = extents[arg.index]
        first = arg.index not in touched
        touched.add(arg.index)
        low = offset if first else min(e.low, offset)
        high = offset + nbytes if first else max(e.high, offset + nbytes)
        extents[arg.index] = Extent(min(low, 0), max(high, 0), e.variable)
    for i, a in enumerate(fn.args):
        if i in extents and a.attrs.dereferenceable:
            e = extents[i]
            extents[i] = Extent(e.low, max(e.high, a.attrs.dereferenceable), e.variable)
    return extents


def merged_extents(a: dict[int, Extent], b: dict[int, Extent]) -> dict[int, Extent]:
    """The extents of two functions of one signature (a source and its target) together."""
    return {i: Extent(min(a[i].low, b[i].low), max(a[i].high, b[i].high), a[i].variable or b[i].variable) for i in a}


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


def random_input(fn: Function, rng: random.Random, extents: dict[int, Extent] | None = None,
                 draw: Draw = Draw()) -> ConcreteInput:
    """Random argument values, and a block of random bytes for each pointer argument:
    ``draw.buffer_bytes`` long, or as long as the accesses through it reach (pointing
    ``-low`` bytes in, so that negative constant offsets stay inside)."""
    if draw.buffer_bytes is None and extents is None:
        extents = pointer_extents(fn)
    args: list[Any] = []
    blocks: list[bytes] = []
    pointers: dict[int, tuple[int, int] | None] = {}
    for i, a in enumerate(fn.args):
        if isinstance(a.type, PtrType):
            size, start = (draw.buffer_bytes, 0) if draw.buffer_bytes is not None else \
                (extents[i].size(), -extents[i].low)  # type: ignore[index]
            pointers[i] = (len(blocks), start)
            blocks.append(random_bytes(size, rng))
            args.append(None)
        elif i in draw.shape and isinstance(a.type, IntType):
            args.append(rng.randint(0, SHAPE_MAX))
        elif isinstance(a.type, IntType | FloatType) or (
                isinstance(a.type, VectorType) and isinstance(a.type.elem, IntType | FloatType)):
            args.append(random_value(a.type, rng, fp_edges=draw.float_edges, small_ints=draw.small_ints))
        else:
            raise Unsupported(f"native runs of @{fn.name}: an argument of type {a.type}")
    return ConcreteInput(args, blocks, pointers)
