"""Loop kernels for the loop vectorizer: the data a strategy draws, their LLVM IR in
clang's ``-O3 -fno-vectorize -fno-slp-vectorize -fno-unroll-loops`` shape, and a small
reference model (numpy, in iteration order) of what they compute.

A kernel is one innermost loop ``for (i = start; i < n; i++)`` with a canonical i64
induction (``icmp eq`` against ``%n`` at the latch, the entry guarded by
``icmp sgt %n, start``), over noalias arrays of one element type:

* ``cur = a[i]`` is loaded every iteration;
* an optional first-order recurrence ``prev``: the value ``cur`` had in the previous
  iteration, started with ``a[start - 1]`` (start 1: ``b[i] = a[i] - a[i-1]`` as clang
  writes it after load PRE) or with the argument ``%x`` (a carried scalar, start 0);
* statements ``out_k[i] = e`` (several), each an expression over ``cur``, ``prev``,
  ``c[i]`` and constants;
* reductions ``r_k = r_k op e`` whose initial value is ``res[k]`` (loaded before the loop)
  and whose final value is stored back to ``res[k]`` after it (through an LCSSA phi);
* arrays of structs (interleave groups): with ``factor`` F > 1, ``a`` holds structs of F
  elements and the loop reads the ``members`` of ``a[i]`` (``cur`` the first, ``m1``..
  ``m3`` the others; clang's struct start plus byte offsets); with ``out_factor`` > 1 the
  statements write the members of the structs of one array ``out0`` (or of ``a`` itself,
  ``in_place``, after every read of the iteration), or only the members ``written``
  (the others are gaps: read, where in place, and never written);
* an indirect store (``scatter``, integer elements): statement 0 writes
  ``out0[c[i] & 3]`` (``SCATTER_SLOTS`` slots: lanes of one vector often write one
  address, so the last writer's order matters).

Integer operations carry no nsw/nuw (every result is defined: the native runs compare
every byte); float kernels use fadd/fsub/fmul without fast-math flags. Trip counts are a
run-time argument: 0 and 1 included.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from vecverify.execute import compile_module
from vecverify.ir.floats import bits_from_double, bits_from_float

from .kernel import const_text, is_float, width

ELEMS = ("i8", "i16", "i32", "i64", "float", "double")
INT_OPS = ("add", "sub", "mul", "and", "or", "xor")
FLOAT_OPS = ("fadd", "fsub", "fmul")
INT_REDUCTIONS = ("add", "mul", "and", "or", "xor", "smin", "smax", "umin", "umax")
FLOAT_REDUCTIONS = ("fadd",)
LEAVES = ("cur", "prev", "c")  # a[i], the recurrence, c[i]
MEMBER_LEAVES = ("m1", "m2", "m3")  # further members of a[i] (arrays of structs)
SCATTER_SLOTS = 4  # out0's slots an indirect store writes (c[i] & 3)


@dataclass(frozen=True)
class Leaf:
    name: str  # cur | prev | c


@dataclass(frozen=True)
class Num:
    value: int | float


@dataclass(frozen=True)
class Bin:
    op: str
    lhs: Any
    rhs: Any


Expr = Leaf | Num | Bin


@dataclass(frozen=True)
class LoopKernel:
    elem: str
    start: int  # 0 or 1: the first iteration (1: the recurrence starts with a[0])
    recurrence: bool
    stores: tuple[Expr, ...]  # out_k[i] = stores[k]
    reductions: tuple[tuple[str, Expr], ...]  # (op, value folded in)
    # add/mul reductions carry nsw (a campaign profile: only the proof sees the flag, the
    # native bits are the same)
    nsw: bool = False
    factor: int = 1  # elements per struct of a
    members: tuple[int, ...] = (0,)  # the members of a[i] read: cur, m1, m2, m3
    out_factor: int = 1  # > 1: stores[k] goes to member k of out0[i] (or a[i], in_place)
    in_place: bool = False
    written: tuple[int, ...] = ()  # out_factor > 1: stores[k] goes to member written[k] (empty: member k)
    scatter: bool = False  # statement 0 writes out0[c[i] & 3]

    @property
    def size(self) -> int:
        """Operations in the loop body (what shrinking minimizes)."""
        return sum(_ops(e) for e in self.exprs) + len(self.reductions) + int(self.recurrence)

    @property
    def uses_c(self) -> bool:
        return self.scatter or any(_uses(e, "c") for e in self.exprs)

    @property
    def exprs(self) -> list[Expr]:
        return list(self.stores) + [e for _, e in self.reductions]

    @property
    def esize(self) -> int:
        return width(self.elem) // 8

    @property
    def arrays(self) -> list[str]:
        """Pointer arguments after ``%n`` and ``%x``, in order."""
        out = ["a"] + (["c"] if self.uses_c else [])
        if self.out_factor > 1:
            out += [] if self.in_place else ["out0"]
        else:
            out += [f"out{k}" for k in range(len(self.stores))]
        return out + (["res"] if self.reductions else [])

    @property
    def leaves(self) -> dict[str, int]:
        """Member leaves -> their element index in a's struct."""
        names = ("cur", *MEMBER_LEAVES)
        return {names[k]: m for k, m in enumerate(self.members)}

    def store_target(self, k: int) -> tuple[str, int, int]:
        """(array, elements per iteration, element index) of statement k."""
        if self.out_factor > 1:
            return ("a" if self.in_place else "out0"), self.out_factor, self.written[k] if self.written else k
        return f"out{k}", 1, 0

    def describe(self) -> str:
        parts = [f"for i in {self.start}..n-1 ({self.elem})"]
        if self.factor > 1:
            parts.append(f"a of {self.factor}-element structs, members {list(self.members)} read")
        if self.recurrence:
            parts.append(f"prev = a[i-1] (init {'a[0]' if self.start else '%x'})")
        parts += [f"{self._dest(k)} = {_show(e)}" for k, e in enumerate(self.stores)]
        parts += [f"res[{k}] {op}= {_show(e)}" for k, (op, e) in enumerate(self.reductions)]
        return "; ".join(parts)

    def _dest(self, k: int) -> str:
        arr, f, j = self.store_target(k)
        if self.scatter and k == 0:
            return f"{arr}[c[i] & {SCATTER_SLOTS - 1}]"
        return f"{arr}[i]" if f == 1 else f"{arr}[{f}*i+{j}]"

    @cached_property
    def text(self) -> str:
        return render(self)


def _ops(e: Expr) -> int:
    return 1 + _ops(e.lhs) + _ops(e.rhs) if isinstance(e, Bin) else 0


def _uses(e: Expr, name: str) -> bool:
    if isinstance(e, Leaf):
        return e.name == name
    if isinstance(e, Bin):
        return _uses(e.lhs, name) or _uses(e.rhs, name)
    return False


def _show(e: Expr) -> str:
    if isinstance(e, Leaf):
        return {"cur": "a[i]", "prev": "prev", "c": "c[i]"}.get(e.name, e.name)
    if isinstance(e, Num):
        return str(e.value)
    return f"({_show(e.lhs)} {e.op} {_show(e.rhs)})"


# ----------------------------------------------------------------------------- IR


_MINMAX = ("smin", "smax", "umin", "umax")


def _fold(op: str, t: str, dest: str, acc: str, value: str, nsw: bool) -> str:
    if op in _MINMAX:
        return f"{dest} = call {t} @llvm.{op}.{t}({t} {acc}, {t} {value})"
    flags = "nsw " if nsw and op in ("add", "mul") else ""
    return f"{dest} = {op} {flags}{t} {acc}, {value}"


def render(k: LoopKernel, name: str = "src") -> str:
    """The kernel as clang -O3 (vectorizers and unrolling off) writes such a loop."""
    t, al = k.elem, k.esize
    args = ["i64 noundef %n", f"{t} noundef %x"] + [f"ptr noalias noundef %{p}" for p in k.arrays]
    entry = [f"%guard = icmp sgt i64 %n, {k.start}", "br i1 %guard, label %ph, label %exit"]
    ph: list[str] = []
    if k.recurrence and k.start == 1:
        ph.append(f"%init = load {t}, ptr %a, align {al}")
    for j in range(len(k.reductions)):
        ph.append(f"%res.p{j} = getelementptr inbounds {t}, ptr %res, i64 {j}")
        ph.append(f"%r.init{j} = load {t}, ptr %res.p{j}, align {al}")
    ph.append("br label %loop")
    body = [f"%i = phi i64 [ {k.start}, %ph ], [ %i.next, %loop ]"]
    if k.recurrence:
        init = "%init" if k.start == 1 else "%x"
        body.append(f"%prev = phi {t} [ {init}, %ph ], [ %cur, %loop ]")
    for j in range(len(k.reductions)):
        body.append(f"%r{j} = phi {t} [ %r.init{j}, %ph ], [ %r.next{j}, %loop ]")
    if k.factor > 1:  # a struct's start, then its members at byte offsets (clang's shape)
        body.append(f"%pa = getelementptr inbounds [{k.factor} x {t}], ptr %a, i64 %i")
        for leaf, m in k.leaves.items():
            body += [f"%p.{leaf} = getelementptr inbounds i8, ptr %pa, i64 {m * al}",
                     f"%{leaf} = load {t}, ptr %p.{leaf}, align {al}"]
    else:
        body += [f"%pa = getelementptr inbounds {t}, ptr %a, i64 %i", f"%cur = load {t}, ptr %pa, align {al}"]
    if k.uses_c:
        body += [f"%pc = getelementptr inbounds {t}, ptr %c, i64 %i", f"%cv = load {t}, ptr %pc, align {al}"]
    counter = [0]

    def emit(e: Expr) -> str:
        if isinstance(e, Leaf):
            return {"prev": "%prev", "c": "%cv"}.get(e.name, f"%{e.name}")
        if isinstance(e, Num):
            return const_text(e.value, t)
        a, b = emit(e.lhs), emit(e.rhs)
        counter[0] += 1
        dest = f"%e{counter[0]}"
        body.append(f"{dest} = {e.op} {t} {a}, {b}")
        return dest

    values = [emit(e) for e in k.stores] if k.out_factor > 1 else []  # every read before the stores
    for j, e in enumerate(k.stores):
        arr, f, m = k.store_target(j)
        if f > 1:
            body.append(f"%ps{j} = getelementptr inbounds [{f} x {t}], ptr %{arr}, i64 %i")
            body.append(f"%po{j} = getelementptr inbounds i8, ptr %ps{j}, i64 {m * al}")
            body.append(f"store {t} {values[j]}, ptr %po{j}, align {al}")
            continue
        v = emit(e)
        index = "%i"
        if k.scatter and j == 0:  # out0[c[i] & 3]: an index loaded in the loop
            body.append(f"%ix = and {t} %cv, {SCATTER_SLOTS - 1}")
            if t != "i64":
                body.append(f"%ix64 = zext nneg {t} %ix to i64")
            index = "%ix" if t == "i64" else "%ix64"
        body.append(f"%po{j} = getelementptr inbounds {t}, ptr %out{j}, i64 {index}")
        body.append(f"store {t} {v}, ptr %po{j}, align {al}")
    for j, (op, e) in enumerate(k.reductions):
        body.append(_fold(op, t, f"%r.next{j}", f"%r{j}", emit(e), k.nsw))
    body += ["%i.next = add nuw nsw i64 %i, 1", "%done = icmp eq i64 %i.next, %n",
             "br i1 %done, label %exit.loop, label %loop"]
    after = [f"%r.out{j} = phi {t} [ %r.next{j}, %loop ]" for j in range(len(k.reductions))]
    after += [f"store {t} %r.out{j}, ptr %res.p{j}, align {al}" for j in range(len(k.reductions))]
    after.append("br label %exit")
    blocks = [("entry", entry), ("ph", ph), ("loop", body), ("exit.loop", after), ("exit", ["ret void"])]
    text = "".join(f"{label}:\n" + "".join(f"  {ln}\n" for ln in lines) for label, lines in blocks)
    return f"define void @{name}({', '.join(args)}) {{\n{text}}}\n"


# ----------------------------------------------------------------------------- model and runs

_DTYPES = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "float": np.float32,
           "double": np.float64}


def dtype(elem: str) -> Any:
    return _DTYPES[elem]


def buffer_elems(k: LoopKernel, trips: int) -> int:
    """Elements of every array: the loop touches indices start..start+trips-1; res
    holds one value per reduction."""
    return max((k.start + max(trips, 0) + 1) * max(k.factor, k.out_factor), len(k.reductions),
               SCATTER_SLOTS if k.scatter else 0)


def trip_n(k: LoopKernel, trips: int) -> int:
    """The value of %n for ``trips`` iterations (n <= start: none)."""
    return k.start + trips


@dataclass
class LoopInputs:
    x: Any
    arrays: dict[str, np.ndarray]

    def arguments(self, k: LoopKernel, trips: int) -> tuple[list[Any], dict[int, np.ndarray]]:
        """(arguments, buffers) for the native harness: %n, %x, then one buffer per array."""
        x = self.x
        if k.elem == "float":
            x = bits_from_float(float(x))
        elif k.elem == "double":
            x = bits_from_double(float(x))
        else:
            x = int(x)
        bufs = {2 + j: self.arrays[name].view(np.uint8).copy() for j, name in enumerate(k.arrays)}
        return [trip_n(k, trips), x] + [None] * len(k.arrays), bufs


def random_inputs(k: LoopKernel, trips: int, rng: np.random.Generator) -> LoopInputs:
    """Arrays for ``trips`` iterations, as numpy arrays the reference model computes on.
    Not the native runs' value draw (vecverify/ir/edges.py): floating-point values are
    quarters in -2..2, exact in float and double, so that the model's arithmetic and
    the native code's agree."""
    size = buffer_elems(k, trips)
    dt = dtype(k.elem)
    if is_float(k.elem):
        def draw(n: int) -> np.ndarray:
            return rng.integers(-8, 9, n).astype(dt) / dt(4)  # exact in float and double
        x = dt(rng.integers(-8, 9)) / dt(4)
    else:
        info = np.iinfo(dt)

        def draw(n: int) -> np.ndarray:
            edges = np.array([info.min, info.max, 0, -1, 1], dtype=dt)
            vals = rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
            pick = rng.random(n) < 0.25
            vals[pick] = edges[rng.integers(0, len(edges), int(pick.sum()))]
            return vals
        x = draw(1)[0]
    return LoopInputs(x, {name: draw(size) for name in k.arrays})


def _apply(op: str, a: Any, b: Any, elem: str) -> Any:
    dt = dtype(elem)
    with np.errstate(over="ignore", invalid="ignore"):
        if op in ("add", "fadd"):
            return dt(a + b)
        if op in ("sub", "fsub"):
            return dt(a - b)
        if op in ("mul", "fmul"):
            return dt(a * b)
        if op == "and":
            return dt(a & b)
        if op == "or":
            return dt(a | b)
        if op == "xor":
            return dt(a ^ b)
        if op in ("smin", "smax"):
            return min(a, b) if op == "smin" else max(a, b)
        udt = np.dtype(dt).str.replace("i", "u")
        ua, ub = np.array(a, dtype=dt).view(udt), np.array(b, dtype=dt).view(udt)
        pick = min(ua, ub) if op == "umin" else max(ua, ub)
        return np.array(pick, dtype=udt).view(dt)[()]
    raise ValueError(op)


def evaluate(k: LoopKernel, inputs: LoopInputs, trips: int) -> dict[str, np.ndarray]:
    """The arrays after the loop, computed in iteration order (the reference model)."""
    dt = dtype(k.elem)
    mem = {name: arr.copy() for name, arr in inputs.arrays.items()}
    a = mem["a"]
    prev = a[0] if k.start == 1 else dt(inputs.x)
    acc = [mem["res"][j] for j in range(len(k.reductions))] if k.reductions else []
    for i in range(k.start, k.start + max(trips, 0)):
        cur = a[k.factor * i + k.members[0]]
        env = {"cur": cur, "prev": prev, "c": mem["c"][i] if k.uses_c else None}
        env.update({name: a[k.factor * i + m] for name, m in k.leaves.items()})

        def ev(e: Expr, env: dict[str, Any] = env) -> Any:
            if isinstance(e, Leaf):
                return env[e.name]
            if isinstance(e, Num):  # an integer constant wraps to the element width, as in the IR
                return np.array(e.value).astype(dt)[()]
            return _apply(e.op, ev(e.lhs), ev(e.rhs), k.elem)

        written = [ev(e) for e in k.stores]  # every read of the iteration comes first
        for j, value in enumerate(written):
            arr, f, m = k.store_target(j)
            at = int(mem["c"][i]) & (SCATTER_SLOTS - 1) if k.scatter and j == 0 else f * i + m
            mem[arr][at] = value
        for j, (op, e) in enumerate(k.reductions):
            acc[j] = _apply(op, acc[j], ev(e), k.elem)
        prev = cur
    if trips > 0:
        for j in range(len(k.reductions)):
            mem["res"][j] = acc[j]
    return mem


def run_native(k: LoopKernel, text: str, inputs: LoopInputs, trips: int, name: str = "src") -> dict[str, np.ndarray]:
    """The arrays after running ``@name`` of ``text`` natively (each in a guarded block of
    its own: a write out of its bounds raises OutOfBounds)."""
    args, bufs = inputs.arguments(k, trips)
    result = compile_module(text).run(name, args, bufs)
    if result.oob_writes:
        raise OutOfBounds(f"@{name} writes out of the bounds of %{k.arrays[result.oob_writes[0] - 2]}")
    dt = dtype(k.elem)
    return {arr: np.frombuffer(bytes(result.buffers[j]), dtype=dt).copy() for j, arr in enumerate(k.arrays)}


class OutOfBounds(Exception):
    """A native run wrote outside an array's block."""
