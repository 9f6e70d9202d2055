"""Straight-line SLP kernels: the data the strategies draw, their IR text, and a small
reference model of what each lane stores (value, or poison).

A kernel stores ``lanes[i]`` to ``out[i]``; each lane is an expression tree over loads
``a[i]``, ``b[i]``, ``c[i]`` (the same lane index) and constants. A *reduction* kernel
instead combines its lanes with one associative operation, left to right
(``((l0 op l1) op l2) op ...``, SLP's horizontal reduction), and stores the result to
``out[0]``. The model is the witness that tells the native runs which output elements
are defined: one the source computes as poison may hold anything in the target.
"""

from __future__ import annotations

import random
import struct
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from vecverify.ir import types as ir_types
from vecverify.ir.edges import random_value
from vecverify.ir.opcodes import INT_BINOP_FLAGS

from .shuffle_trees import ShuffleTree
from .shuffle_trees import render as render_shuffles

ARRAYS = ("a", "b", "c")
INT_TYPES = ("i8", "i16", "i32", "i64")
FLOAT_TYPES = ("float", "double")
_FLOAT_BITS = {"float": 32, "double": 64}

# Opcodes the kernels use, with the flags each may carry.
INT_FLAGS = INT_BINOP_FLAGS
FLOAT_OPS = ("fadd", "fsub", "fmul", "fdiv")
COMMUTATIVE = frozenset({"add", "mul", "and", "or", "xor", "fadd", "fmul"})
# Horizontal reductions: the binary operators, and the min/max intrinsics (as calls of
# ``llvm.<op>.iN``), that SLP turns into ``llvm.vector.reduce.<op>``.
REDUCTION_OPS = ("add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin")
MINMAX_OPS = ("smax", "smin", "umax", "umin")
# Right operand must be a constant: shift amounts (>= width is poison) and divisors
# (zero, and INT_MIN / -1, are UB and would trap natively).
CONST_RHS = frozenset({"shl", "lshr", "ashr", "udiv", "sdiv", "urem", "srem"})


def width(elem: str) -> int:
    return _FLOAT_BITS[elem] if elem in _FLOAT_BITS else int(elem[1:])


def is_float(elem: str) -> bool:
    return elem in _FLOAT_BITS


# ----------------------------------------------------------------------------- expressions


@dataclass(frozen=True)
class Load:
    arr: int  # index into ARRAYS
    at: int | None = None  # the element read; None: the lane's own index


@dataclass(frozen=True)
class Const:
    value: int | float  # ints: signed; floats: exactly representable in the lane type


@dataclass(frozen=True)
class Op:
    op: str
    lhs: Expr
    rhs: Expr
    flags: tuple[str, ...] = ()


Expr = Load | Const | Op


def arrays_of(e: Expr) -> set[int]:
    if isinstance(e, Load):
        return {e.arr}
    if isinstance(e, Op):
        return arrays_of(e.lhs) | arrays_of(e.rhs)
    return set()


def op_count(e: Expr) -> int:
    return 1 + op_count(e.lhs) + op_count(e.rhs) if isinstance(e, Op) else 0


def opcodes(e: Expr) -> list[str]:
    return [e.op, *opcodes(e.lhs), *opcodes(e.rhs)] if isinstance(e, Op) else []


def expr_text(e: Expr) -> str:
    """Readable form for reports: ``(a << 2)``, ``a``."""
    if isinstance(e, Load):
        return ARRAYS[e.arr] if e.at is None else f"{ARRAYS[e.arr]}[{e.at}]"
    if isinstance(e, Const):
        return str(e.value)
    f = "".join(f" {x}" for x in e.flags)
    return f"({expr_text(e.lhs)} {e.op}{f} {expr_text(e.rhs)})"


# ----------------------------------------------------------------------------- kernels


@dataclass(frozen=True)
class Reduce:
    """How a reduction kernel combines its lanes: ``op`` with ``flags`` on each step."""

    op: str
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Kernel:
    elem: str
    lanes: tuple[Expr, ...]
    variations: tuple[str, ...] = ()  # how each lane differs from the template (metadata)
    name: str = "src"
    reduce: Reduce | None = None  # None: lane i is stored to out[i]
    # Set: the kernel is written as vector loads and a shuffle tree (properties/shuffle_trees.py)
    shuffles: ShuffleTree | None = None

    @property
    def n(self) -> int:
        return len(self.lanes)

    @property
    def outputs(self) -> int:
        """Elements of ``out`` written."""
        return 1 if self.reduce is not None else self.n

    @property
    def esize(self) -> int:
        return width(self.elem) // 8

    @cached_property
    def inputs(self) -> list[int]:
        """Indices of the input arrays some lane reads, in order."""
        return sorted(set().union(*(arrays_of(e) for e in self.lanes)))

    def input_elems(self, arr: int) -> int:
        """Elements of ``arr`` touched: one past the last lane that reads it (a shuffle
        tree's loads read all F*N elements)."""
        if self.shuffles is not None:
            return self.shuffles.factor * self.shuffles.lanes
        return 1 + max(i for i, e in enumerate(self.lanes) if arr in arrays_of(e))

    def buffer_sizes(self) -> list[int]:
        """Bytes of each pointer argument, in parameter order (out first)."""
        return [self.outputs * self.esize] + [self.input_elems(a) * self.esize for a in self.inputs]

    @property
    def size(self) -> int:
        """A size measure (lanes plus operations) for picking the smallest finding."""
        return self.n + sum(op_count(e) for e in self.lanes) + (self.n - 1 if self.reduce else 0)

    def describe(self) -> str:
        if self.shuffles is not None:
            lanes = "; ".join(f"out[{i}] = {expr_text(e)}" for i, e in enumerate(self.lanes))
            return f"{self.n} x {self.elem} by shufflevector ({self.shuffles.describe()}): {lanes}"
        if self.reduce is not None:
            f = "".join(f" {x}" for x in self.reduce.flags)
            terms = f" {self.reduce.op}{f} ".join(expr_text(e) for e in self.lanes)
            return f"{self.n} x {self.elem}, reduced: out[0] = {terms}"
        lanes = "; ".join(f"out[{i}] = {expr_text(e)}" for i, e in enumerate(self.lanes))
        return f"{self.n} x {self.elem}: {lanes}"

    def function_text(self, name: str | None = None) -> str:
        return render(self, name or self.name)

    @property
    def text(self) -> str:
        """A module holding just this kernel (and the intrinsics it calls)."""
        decl = ""
        if self.reduce is not None and self.reduce.op in MINMAX_OPS:
            t = self.elem
            decl = f"\ndeclare {t} @llvm.{self.reduce.op}.{t}({t}, {t})\n"
        return self.function_text() + "\n" + decl


def const_text(value: int | float, elem: str) -> str:
    if is_float(elem):
        # LLVM's exact form: the value as a double's bits in hex (for float lanes too).
        (bits,) = struct.unpack("<Q", struct.pack("<d", float(value)))
        return f"0x{bits:016X}"
    w = width(elem)
    return str(_signed(int(value) & ((1 << w) - 1), w))


def render(k: Kernel, name: str) -> str:
    t, align = k.elem, k.esize
    if k.shuffles is not None:
        return render_shuffles(k.shuffles, t, align, name)
    params = [f"ptr noalias nocapture writeonly dereferenceable({k.outputs * k.esize}) %out"]
    params += [
        f"ptr noalias nocapture readonly dereferenceable({k.input_elems(a) * k.esize}) %{ARRAYS[a]}"
        for a in k.inputs
    ]
    lines = [f"define void @{name}({', '.join(params)}) {{"]
    acc = ""  # a reduction's running value
    for i, e in enumerate(k.lanes):
        loaded: dict[int, str] = {}
        for a in sorted(arrays_of(e)):
            arr = ARRAYS[a]
            ptr = f"%{arr}"
            if i:
                ptr = f"%p{arr}{i}"
                lines.append(f"  {ptr} = getelementptr inbounds {t}, ptr %{arr}, i64 {i}")
            lines.append(f"  %{arr}{i} = load {t}, ptr {ptr}, align {align}")
            loaded[a] = f"%{arr}{i}"
        value = _emit(e, True, i, t, loaded, lines, [0])
        if k.reduce is not None:
            if i:
                value = _combine(k.reduce, t, f"%acc{i}", acc, value, lines)
            acc = value
            continue
        ptr = "%out"
        if i:
            ptr = f"%po{i}"
            lines.append(f"  {ptr} = getelementptr inbounds {t}, ptr %out, i64 {i}")
        lines.append(f"  store {t} {value}, ptr {ptr}, align {align}")
    if k.reduce is not None:
        lines.append(f"  store {t} {acc}, ptr %out, align {align}")
    lines += ["  ret void", "}"]
    return "\n".join(lines)


def _combine(r: Reduce, t: str, name: str, acc: str, value: str, lines: list[str]) -> str:
    """One step of a reduction chain: ``name = acc op value``."""
    if r.op in MINMAX_OPS:
        lines.append(f"  {name} = call {t} @llvm.{r.op}.{t}({t} {acc}, {t} {value})")
    else:
        flags = "".join(f" {f}" for f in r.flags)
        lines.append(f"  {name} = {r.op}{flags} {t} {acc}, {value}")
    return name


def _emit(x: Expr, top: bool, lane: int, t: str, loaded: dict[int, str], lines: list[str],
          counter: list[int]) -> str:
    """Append the instructions computing ``x`` (post-order); return its operand text."""
    if isinstance(x, Load):
        return loaded[x.arr]
    if isinstance(x, Const):
        return const_text(x.value, t)
    lhs = _emit(x.lhs, False, lane, t, loaded, lines, counter)
    rhs = _emit(x.rhs, False, lane, t, loaded, lines, counter)
    res = f"%r{lane}" if top else f"%t{lane}_{counter[0]}"
    counter[0] += 1
    flags = "".join(f" {f}" for f in x.flags)
    lines.append(f"  {res} = {x.op}{flags} {t} {lhs}, {rhs}")
    return res


# ----------------------------------------------------------------------------- reference model


@dataclass
class Inputs:
    """One native run's input arrays, as element bit patterns (unsigned)."""

    arrays: dict[int, list[int]] = field(default_factory=dict)

    def buffers(self, k: Kernel) -> dict[int, np.ndarray]:
        """Pointer-argument index -> bytes (the output buffer starts zeroed)."""
        dtype = np.dtype(f"<u{k.esize}")
        out = {0: np.zeros(k.outputs * k.esize, dtype=np.uint8)}
        for pos, a in enumerate(k.inputs, start=1):
            out[pos] = np.array(self.arrays[a], dtype=dtype).view(np.uint8)
        return out


def _signed(v: int, w: int) -> int:
    return v - (1 << w) if v >> (w - 1) else v


def _int_op(op: str, flags: tuple[str, ...], x: int, y: int, w: int) -> int | None:
    """LLVM integer semantics on unsigned bit patterns; None is poison."""
    m = (1 << w) - 1
    sx, sy = _signed(x, w), _signed(y, w)
    smin, smax = -(1 << (w - 1)), (1 << (w - 1)) - 1
    if op in ("add", "sub", "mul"):
        f = {"add": lambda p, q: p + q, "sub": lambda p, q: p - q, "mul": lambda p, q: p * q}[op]
        if "nsw" in flags and not smin <= f(sx, sy) <= smax:
            return None
        if "nuw" in flags and not 0 <= f(x, y) <= m:
            return None
        return f(x, y) & m
    if op in ("shl", "lshr", "ashr"):
        if y >= w:
            return None
        if op == "shl":
            r = (x << y) & m
            if "nuw" in flags and r >> y != x:
                return None
            if "nsw" in flags and _signed(r, w) >> y != sx:
                return None
            return r
        if "exact" in flags and x & ((1 << y) - 1):
            return None
        return x >> y if op == "lshr" else (sx >> y) & m
    if op in ("udiv", "urem"):
        assert y != 0
        if op == "udiv":
            return None if "exact" in flags and x % y else x // y
        return x % y
    if op in ("sdiv", "srem"):
        assert y != 0 and not (sx == smin and sy == -1)
        q = abs(sx) // abs(sy) * (1 if (sx < 0) == (sy < 0) else -1)  # toward zero
        r = sx - q * sy
        if op == "sdiv":
            return None if "exact" in flags and r else q & m
        return r & m
    if op == "and":
        return x & y
    if op == "or":
        return None if "disjoint" in flags and x & y else x | y
    if op == "xor":
        return x ^ y
    if op in MINMAX_OPS:
        a, b = (sx, sy) if op[0] == "s" else (x, y)
        pick = max if op[1:] == "max" else min
        return x if pick(a, b) == a else y
    raise ValueError(op)


def _float_op(op: str, x: int, y: int, elem: str) -> int:
    ft, it = (np.float32, np.uint32) if elem == "float" else (np.float64, np.uint64)
    a, b = it(x).view(ft), it(y).view(ft)
    with np.errstate(all="ignore"):
        r = {"fadd": np.add, "fsub": np.subtract, "fmul": np.multiply, "fdiv": np.divide}[op](a, b)
    return int(ft(r).view(it))


def _const_bits(c: Const, elem: str) -> int:
    w = width(elem)
    if is_float(elem):
        fmt = "<f" if elem == "float" else "<d"
        return int.from_bytes(struct.pack(fmt, float(c.value)), "little")
    return int(c.value) & ((1 << w) - 1)


def eval_lane(k: Kernel, lane: int, inputs: Inputs) -> int | None:
    """The bits lane ``lane`` stores, or None for poison."""

    def ev(e: Expr) -> int | None:
        if isinstance(e, Load):
            return inputs.arrays[e.arr][lane if e.at is None else e.at]
        if isinstance(e, Const):
            return _const_bits(e, k.elem)
        x, y = ev(e.lhs), ev(e.rhs)
        if x is None or y is None:
            return None
        if is_float(k.elem):
            return _float_op(e.op, x, y, k.elem)
        return _int_op(e.op, e.flags, x, y, width(k.elem))

    return ev(k.lanes[lane])


def evaluate(k: Kernel, inputs: Inputs) -> list[int | None]:
    """What the kernel stores to each element of ``out`` (None: poison)."""
    lanes = [eval_lane(k, i, inputs) for i in range(k.n)]
    if k.reduce is None:
        return lanes
    acc = lanes[0]
    for x in lanes[1:]:
        acc = None if acc is None or x is None else _int_op(k.reduce.op, k.reduce.flags, acc, x, width(k.elem))
    return [acc]


def is_nan(bits: int, elem: str) -> bool:
    if elem == "float":
        return (bits >> 23) & 0xFF == 0xFF and bits & ((1 << 23) - 1) != 0
    if elem == "double":
        return (bits >> 52) & 0x7FF == 0x7FF and bits & ((1 << 52) - 1) != 0
    return False


def same(x: int, y: int, elem: str) -> bool:
    """Equal bits, or (floats) both NaN: a NaN result's payload is not determined."""
    return x == y or (is_nan(x, elem) and is_nan(y, elem))


# The kernels' share of edge values, and the magnitude of their small integers.
KERNEL_EDGE_SHARE = 0.35
KERNEL_SMALL = 16


def random_inputs(k: Kernel, rng: random.Random) -> Inputs:
    """Input arrays drawn with the native runs' value draw (vecverify/ir/edges.py:
    ``random_value``), about a third of the elements edge values (0, 1, -1, INT_MIN,
    INT_MAX, -0.0, NaN, infinities, subnormals), so flags, signs and zeros get exercised."""
    t = ir_types.FLOAT_TYPES[k.elem] if is_float(k.elem) else ir_types.IntType(width(k.elem))
    return Inputs({a: [random_value(t, rng, edge_share=KERNEL_EDGE_SHARE, small=KERNEL_SMALL)
                       for _ in range(k.input_elems(a))] for a in k.inputs})
