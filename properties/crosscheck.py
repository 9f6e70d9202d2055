"""The semantics against LLVM's own code generator, instruction by instruction.

A :class:`Case` is one small function (one instruction, or a few around a memory
access) with concrete arguments and memory. Strategies draw cases for every instruction
and flag the semantics model (``FAMILIES``), at every integer width 1..64, half, float
and double, scalars and vectors of 1..16 lanes, operands biased to the edges
(properties/operands.py). :func:`run_batch` compiles a batch of cases into one module
(one compilation for many cases), evaluates each through the semantics
(vecverify/semantics/concrete.py) and runs it natively, and fails unless the native
result is one the semantics allow wherever they define it: bit for bit, NaN payloads
and other nondeterministic choices matched against the set of allowed values. Cases
the semantics call UB are not run (natively they may trap); poison lanes and bytes are
not compared. A :class:`Tally` counts both, so a check that skips everything shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from hypothesis import event as _hypothesis_event
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from vecverify.execute import compile_module
from vecverify.ir.opcodes import FCMP_PREDS, FP_BINOPS, ICMP_PREDS, INT_BINOP_FLAGS
from vecverify.ir.types import FLOAT_TYPES
from vecverify.llvm import parse_module
from vecverify.semantics.concrete import ConcreteInput, evaluate

from .operands import divisors, int_values, lane_values, shift_amounts
from .strategies import straight_line_programs

# ----------------------------------------------------------------------------- cases


@dataclass(frozen=True)
class Case:
    """A function ``@__fn__`` (renamed in a batch) and its inputs: ``args`` (None for a
    pointer argument) and a buffer of bytes for each pointer argument, by index."""

    family: str
    body: str
    args: tuple[Any, ...]
    buffers: tuple[tuple[int, bytes], ...] = ()
    decls: tuple[str, ...] = ()
    # A known LLVM deviation from the LangRef: the function as LLVM 22's code generator
    # implements it, to tell that deviation apart from a bug (see KNOWN_DEVIATIONS).
    lenient: str | None = None

    def text(self, name: str) -> str:
        return self.body.replace("@__fn__", f"@{name}")

    def describe(self) -> str:
        args = ", ".join(_hex(a) for a in self.args)
        bufs = "".join(f"\n  buffer %{i}: {data.hex()}" for i, data in self.buffers)
        return f"{self.text('f')}  args: ({args}){bufs}"


def _hex(v: Any) -> str:
    if v is None:
        return "ptr"
    if isinstance(v, list):
        return "<" + ", ".join(_hex(x) for x in v) + ">"
    return hex(v)


def _type(elem: str, lanes: int) -> str:
    """``elem`` for ``lanes`` 0, else a vector of that many lanes."""
    return elem if lanes == 0 else f"<{lanes} x {elem}>"


def _suffix(elem: str, lanes: int) -> str:
    """The overloaded-type suffix of an intrinsic: i32, v4i32, f32, v2f64."""
    base = {"half": "f16", "float": "f32", "double": "f64"}.get(elem, elem)
    return base if lanes == 0 else f"v{lanes}{base}"


def _fn(ret: str, params: Sequence[str], lines: Sequence[str], result: str = "%r") -> str:
    args = ", ".join(f"{t} %{chr(ord('a') + i)}" for i, t in enumerate(params))
    body = "".join(f"  {ln}\n" for ln in lines)
    tail = "  ret void\n" if ret == "void" else f"  ret {ret} {result}\n"
    return f"define {ret} @__fn__({args}) {{\n{body}{tail}}}\n"


def _declare(ret: str, name: str, params: Sequence[str]) -> str:
    return f"declare {ret} @{name}({', '.join(params)})"


# ----------------------------------------------------------------------------- shapes

INT_WIDTHS = st.one_of(st.sampled_from([1, 8, 16, 32, 64]), st.integers(1, 64))
LANES = st.one_of(st.just(0), st.sampled_from([2, 4, 8, 16]), st.integers(1, 16))  # 0: a scalar
FLOATS = st.sampled_from(["float", "double", "float", "double", "half"])


@st.composite
def _lanes_of(draw: st.DrawFn, values: st.SearchStrategy[int], lanes: int) -> Any:
    if lanes == 0:
        return draw(values)
    return [draw(values) for _ in range(lanes)]


def _values(draw: st.DrawFn, elem: str, lanes: int) -> Any:
    return draw(_lanes_of(lane_values(elem), lanes))


def _near(draw: st.DrawFn, a: Any, elem: str, values: st.SearchStrategy[int] | None = None) -> Any:
    """A second operand for ``a``, lane by lane: drawn on its own, or equal to ``a``'s
    lane, one more or one less (its neighbour encoding, for floats), or of the other
    sign: the comparisons, min/max and overflow edges independent draws rarely meet."""
    bits = FLOAT_WIDTH[elem] if elem in FLOAT_WIDTH else int(elem[1:])
    mask = (1 << bits) - 1
    values = values if values is not None else lane_values(elem)

    def lane(x: int) -> int:
        how = draw(st.integers(0, 7))
        if how == 0:
            return x
        if how in (1, 2):
            return (x + (1 if how == 1 else -1)) & mask
        if how in (3, 4):
            return x ^ (1 << (bits - 1)) if elem in FLOAT_WIDTH else -x & mask
        return draw(values)

    return [lane(x) for x in a] if isinstance(a, list) else lane(a)


# ----------------------------------------------------------------------------- families

INT_BINOPS = INT_BINOP_FLAGS


def _flags(draw: st.DrawFn, available: Sequence[str]) -> str:
    chosen = [f for f in available if draw(st.booleans())]
    return "".join(f" {f}" for f in chosen)


@st.composite
def int_binop(draw: st.DrawFn) -> Case:
    op = draw(st.sampled_from(sorted(INT_BINOPS)))
    w, n = draw(INT_WIDTHS), draw(LANES)
    t = _type(f"i{w}", n)
    rhs = shift_amounts(w) if op in ("shl", "lshr", "ashr") else divisors(w) if "div" in op or "rem" in op else int_values(w)
    a = draw(_lanes_of(int_values(w), n))
    b = draw(_lanes_of(rhs, n)) if op in ("shl", "lshr", "ashr") else _near(draw, a, f"i{w}", rhs)
    return Case("int binop", _fn(t, [t, t], [f"%r = {op}{_flags(draw, INT_BINOPS[op])} {t} %a, %b"]), (a, b))


@st.composite
def icmp(draw: st.DrawFn) -> Case:
    w, n = draw(INT_WIDTHS), draw(LANES)
    t = _type(f"i{w}", n)
    pred = draw(st.sampled_from(ICMP_PREDS))
    flag = " samesign" if draw(st.booleans()) else ""
    a = draw(_lanes_of(int_values(w), n))
    b = _near(draw, a, f"i{w}")
    return Case("icmp", _fn(_type("i1", n), [t, t], [f"%r = icmp{flag} {pred} {t} %a, %b"]), (a, b))


@st.composite
def select(draw: st.DrawFn) -> Case:
    n = draw(LANES)
    elem = draw(st.one_of(INT_WIDTHS.map(lambda w: f"i{w}"), FLOATS))
    t = _type(elem, n)
    vector_cond = n > 0 and draw(st.booleans())
    ct = _type("i1", n if vector_cond else 0)
    fmf = _flags(draw, ("nnan", "ninf", "nsz")) if elem in FLOAT_TYPES else ""
    c = draw(_lanes_of(int_values(1), n if vector_cond else 0))
    a, b = _values(draw, elem, n), _values(draw, elem, n)
    return Case("select", _fn(t, [ct, t, t], [f"%r = select{fmf} {ct} %a, {t} %b, {t} %c"]), (c, a, b))


@st.composite
def int_cast(draw: st.DrawFn) -> Case:
    op = draw(st.sampled_from(["zext", "sext", "trunc"]))
    w1, w2 = sorted(draw(st.lists(INT_WIDTHS, min_size=2, max_size=2, unique=True)))
    src, dst = (w2, w1) if op == "trunc" else (w1, w2)
    n = draw(LANES)
    flags = {"zext": ("nneg",), "trunc": ("nuw", "nsw")}.get(op, ())
    x = draw(_lanes_of(int_values(src), n))
    ts, td = _type(f"i{src}", n), _type(f"i{dst}", n)
    return Case("int cast", _fn(td, [ts], [f"%r = {op}{_flags(draw, flags)} {ts} %a to {td}"]), (x,))


def _bitcast_types(bits: int) -> list[str]:
    out = [f"i{bits}"] if bits <= 128 else []
    out += [_type(f"i{w}", bits // w) for w in (1, 8, 16, 32, 64) if bits % w == 0 and 1 < bits // w <= 16]
    out += [f for f, fb in (("half", 16), ("float", 32), ("double", 64)) if fb == bits]
    out += [_type(f, bits // fb) for f, fb in (("half", 16), ("float", 32), ("double", 64))
            if bits % fb == 0 and 1 < bits // fb <= 16]
    return out


@st.composite
def bitcast(draw: st.DrawFn) -> Case:
    bits = draw(st.sampled_from([8, 16, 32, 64, 128, 256]))
    ts, td = draw(st.sampled_from(_bitcast_types(bits))), draw(st.sampled_from(_bitcast_types(bits)))
    elem, n = _elem_lanes(ts)
    x = _values(draw, elem, n)
    return Case("bitcast", _fn(td, [ts], [f"%r = bitcast {ts} %a to {td}"]), (x,))


def _elem_lanes(t: str) -> tuple[str, int]:
    if t.startswith("<"):
        count, elem = t.strip("<>").split(" x ")
        return elem, int(count)
    return t, 0


@st.composite
def freeze(draw: st.DrawFn) -> Case:
    """Freeze of a defined value is that value; of poison (a shift by the width or more),
    any value."""
    w, n = draw(INT_WIDTHS), draw(LANES)
    t = _type(f"i{w}", n)
    a, b = draw(_lanes_of(int_values(w), n)), draw(_lanes_of(shift_amounts(w), n))
    return Case("freeze", _fn(t, [t, t], [f"%s = shl {t} %a, %b", "%r = freeze " + t + " %s"]), (a, b))


FLOAT_BINOPS = FP_BINOPS
FAST_MATH = ("nnan", "ninf", "nsz")


@st.composite
def float_binop(draw: st.DrawFn) -> Case:
    op, elem, n = draw(st.sampled_from(FLOAT_BINOPS)), draw(FLOATS), draw(LANES)
    t = _type(elem, n)
    fmf = _flags(draw, FAST_MATH) if draw(st.integers(0, 3)) == 0 else ""
    a = _values(draw, elem, n)
    b = _near(draw, a, elem)
    return Case("float binop", _fn(t, [t, t], [f"%r = {op}{fmf} {t} %a, %b"]), (a, b))


# Contraction (LangRef: contract on an fmul and the fadd/fsub using it allows fusing
# them): the code generator fuses on this FMA machine where the product has one use, and
# keeps the rounded product where it has another (here: also returned); the semantics
# must allow what it does either way. The shapes: the product added, subtracted from, or
# minus the third operand; flags on both, on one, or on neither.
CONTRACTIONS = {"add": "fadd{f} {t} %m, %c", "add second": "fadd{f} {t} %c, %m",
                "sub": "fsub{f} {t} %c, %m", "sub first": "fsub{f} {t} %m, %c"}


@st.composite
def contraction(draw: st.DrawFn) -> Case:
    shape, elem, n = draw(st.sampled_from(sorted(CONTRACTIONS))), draw(st.sampled_from(["float", "double"])), \
        draw(LANES)
    t = _type(elem, n)
    mul_flags, add_flags = draw(st.sampled_from([(" contract", " contract")] * 3 + [(" contract", ""),
                                                                                   ("", " contract"), ("", "")]))
    if draw(st.integers(0, 3)) == 0:
        mul_flags += _flags(draw, FAST_MATH)
    a = _values(draw, elem, n)
    args = (a, _near(draw, a, elem), _near(draw, a, elem))
    lines = [f"%m = fmul{mul_flags} {t} %a, %b", "%r0 = " + CONTRACTIONS[shape].format(f=add_flags, t=t)]
    if draw(st.booleans()):  # one use: fused natively; two: the product kept
        return Case("contraction", _fn(t, [t, t, t], lines, "%r0"), args)
    ret = f"{{ {t}, {t} }}"
    lines += [f"%s = insertvalue {ret} poison, {t} %r0, 0", f"%r = insertvalue {ret} %s, {t} %m, 1"]
    return Case("contraction", _fn(ret, [t, t, t], lines), args)


@st.composite
def float_unary(draw: st.DrawFn) -> Case:
    """fneg, and the bitwise intrinsics fabs and copysign."""
    kind, elem, n = draw(st.sampled_from(["fneg", "fabs", "copysign"])), draw(FLOATS), draw(LANES)
    t = _type(elem, n)
    a = _values(draw, elem, n)
    b = _near(draw, a, elem)
    if kind == "fneg":
        return Case("float unary", _fn(t, [t], ["%r = fneg " + t + " %a"]), (a,))
    name = f"llvm.{kind}.{_suffix(elem, n)}"
    params = [t] if kind == "fabs" else [t, t]
    call = f"%r = call {t} @{name}({', '.join(f'{p} %{c}' for p, c in zip(params, 'ab', strict=False))})"
    args = (a,) if kind == "fabs" else (a, b)
    return Case("float unary", _fn(t, params, [call]), args, (), (_declare(t, name, params),))


@st.composite
def fcmp(draw: st.DrawFn) -> Case:
    elem, n = draw(FLOATS), draw(LANES)
    t = _type(elem, n)
    fmf = _flags(draw, ("nnan", "ninf")) if draw(st.integers(0, 3)) == 0 else ""
    pred = draw(st.sampled_from(FCMP_PREDS))
    a = _values(draw, elem, n)
    # Equal operands now and then (the ordered/unordered equality cases).
    b = _near(draw, a, elem)
    return Case("fcmp", _fn(_type("i1", n), [t, t], [f"%r = fcmp{fmf} {pred} {t} %a, %b"]), (a, b))


FLOAT_WIDTH = {"half": 16, "float": 32, "double": 64}


@st.composite
def float_cast(draw: st.DrawFn) -> Case:
    op = draw(st.sampled_from(["sitofp", "uitofp", "fptosi", "fptoui", "fpext", "fptrunc"]))
    n = draw(LANES)
    if op in ("fpext", "fptrunc"):
        small, big = sorted(draw(st.lists(FLOATS, min_size=2, max_size=2, unique=True)), key=FLOAT_WIDTH.__getitem__)
        src, dst = (small, big) if op == "fpext" else (big, small)
        x = _values(draw, src, n)
        flags = ""
    elif op in ("sitofp", "uitofp"):
        src, dst = f"i{draw(INT_WIDTHS)}", draw(FLOATS)
        x = _values(draw, src, n)
        flags = " nneg" if op == "uitofp" and draw(st.booleans()) else ""
    else:
        w = draw(INT_WIDTHS)
        src, dst = draw(FLOATS), f"i{w}"
        x = _values(draw, src, n)
        flags = ""
    ts, td = _type(src, n), _type(dst, n)
    return Case("float cast", _fn(td, [ts], [f"%r = {op}{flags} {ts} %a to {td}"]), (x,))


@st.composite
def vector_element(draw: st.DrawFn) -> Case:
    """insertelement and extractelement, at a constant or a variable index (in range
    mostly; out of range is poison)."""
    elem = draw(st.one_of(INT_WIDTHS.map(lambda w: f"i{w}"), FLOATS))
    n = draw(st.integers(1, 16))
    t = _type(elem, n)
    iw = draw(st.sampled_from([32, 64, 8, 3]))
    # Mostly in range (out of range is poison, not compared).
    wide = draw(st.integers(0, 9)) == 0
    index = draw(int_values(iw) if wide else st.integers(0, min(n, 1 << iw) - 1))
    variable = draw(st.booleans())
    v, x = _values(draw, elem, n), _values(draw, elem, 0)
    idx = "%c" if variable else str(index)
    if draw(st.booleans()):
        params = [t, elem] + ([f"i{iw}"] if variable else [])
        line = f"%r = insertelement {t} %a, {elem} %b, i{iw} {idx}"
        return Case("vector element", _fn(t, params, [line]), (v, x) + ((index,) if variable else ()))
    params = [t] + ([f"i{iw}"] if variable else [])
    line = f"%r = extractelement {t} %a, i{iw} {idx.replace('%c', '%b')}"
    return Case("vector element", _fn(elem, params, [line]), (v,) + ((index,) if variable else ()))


@st.composite
def shufflevector(draw: st.DrawFn) -> Case:
    elem = draw(st.one_of(INT_WIDTHS.map(lambda w: f"i{w}"), FLOATS))
    n, m = draw(st.integers(1, 16)), draw(st.integers(1, 16))
    t = _type(elem, n)
    mask = draw(st.lists(st.one_of(st.integers(0, 2 * n - 1), st.just(-1)), min_size=m, max_size=m))
    text = ", ".join("i32 poison" if k < 0 else f"i32 {k}" for k in mask)
    line = f"%r = shufflevector {t} %a, {t} %b, <{m} x i32> <{text}>"
    return Case("shufflevector", _fn(_type(elem, m), [t, t], [line]), (_values(draw, elem, n), _values(draw, elem, n)))


INT_INTRINSICS = ("smax", "smin", "umax", "umin", "abs", "ctlz", "cttz", "ctpop", "bswap", "fshl", "fshr",
                  "uadd.sat", "usub.sat", "sadd.sat", "ssub.sat", "sshl.sat", "ushl.sat",
                  "sadd.with.overflow", "uadd.with.overflow", "ssub.with.overflow", "usub.with.overflow",
                  "smul.with.overflow", "umul.with.overflow", "scmp", "ucmp")


@st.composite
def int_intrinsic(draw: st.DrawFn) -> Case:
    kind = draw(st.sampled_from(INT_INTRINSICS))
    w = draw(st.sampled_from([16, 32, 64, 48])) if kind == "bswap" else draw(INT_WIDTHS)
    n = draw(LANES)
    t = _type(f"i{w}", n)
    name = f"llvm.{kind}.{_suffix(f'i{w}', n)}"
    operands = 3 if kind in ("fshl", "fshr") else 1 if kind in ("abs", "ctlz", "cttz", "ctpop", "bswap") else 2
    first = draw(_lanes_of(int_values(w), n))
    args = (first,) + tuple(_near(draw, first, f"i{w}") for _ in range(operands - 1))
    if kind in ("sshl.sat", "ushl.sat"):
        args = (first, draw(_lanes_of(shift_amounts(w), n)))
    params = [t] * operands
    extra = ""
    if kind in ("abs", "ctlz", "cttz"):
        extra = f", i1 {draw(st.sampled_from(['false', 'true']))}"
    ret = t
    if kind.endswith("with.overflow"):
        ret = f"{{ {t}, {_type('i1', n)} }}"
    if kind in ("scmp", "ucmp"):  # -1/0/1 in a type of its own
        ret = _type("i8", n)
        name = f"llvm.{kind}.{_suffix('i8', n)}.{_suffix(f'i{w}', n)}"
    call = f"%r = call {ret} @{name}({', '.join(f'{p} %{c}' for p, c in zip(params, 'abc', strict=False))}{extra})"
    decl_params = params + (["i1"] if extra else [])
    return Case("int intrinsic", _fn(ret, params, [call]), args, (), (_declare(ret, name, decl_params),))


def x86_signature(name: str) -> tuple[str, list[str]]:
    """(result type, parameter types) of an x86 intrinsic vecverify gives a meaning
    (vecverify/semantics/x86.py), from its name: the register width (SSE: 128 bits, AVX2:
    256 but for ``psllv``-like names without ``.256``) and the operation."""
    parts = name.split(".")
    isa, op = parts[2], ".".join(p for p in parts[3:] if p not in ("128", "256"))
    bits = 256 if isa == "avx2" else 128
    if op[:5] in ("psllv", "psrlv", "psrav") and not name.endswith(".256"):
        bits = 128
    elem = {"b": 8, "w": 16, "d": 32, "q": 64}

    def vec(w: int, total: int = bits) -> str:
        return f"<{total // w} x i{w}>"

    kind, _, tail = op.partition(".")
    if kind in ("psll", "psrl", "psra"):  # the count: a 128-bit vector of the same lanes
        w = elem[tail]
        return vec(w), [vec(w), vec(w, 128)]
    if kind in ("pslli", "psrli", "psrai"):
        return vec(elem[tail]), [vec(elem[tail]), "i32"]
    if op == "pmadd.ub.sw":
        return vec(16), [vec(8), vec(8)]
    if op == "pmadd.wd":
        return vec(32), [vec(16), vec(16)]
    if kind in ("packsswb", "packuswb"):
        return vec(8), [vec(16), vec(16)]
    if kind in ("packssdw", "packusdw"):
        return vec(16), [vec(32), vec(32)]
    if op == "psad.bw":
        return vec(64), [vec(8), vec(8)]
    w = elem["w" if tail in ("sw", "hr.sw") else tail[-1]]
    return vec(w), [vec(w), vec(w)]


def _host_has(name: str) -> bool:
    """Whether this machine runs the intrinsic's instruction (its ISA's feature)."""
    from vecverify.execute.native import host_features

    need = {"sse2": "sse2", "ssse3": "ssse3", "sse41": "sse4.1", "avx2": "avx2"}
    return need[name.split(".")[2]] in host_features()


@st.composite
def x86_intrinsic(draw: st.DrawFn) -> Case:
    """One x86 SIMD intrinsic of those vecverify models, on operands biased to the edges
    (shift counts around the lane width, saturating sums, pshufb's zeroing bit)."""
    from vecverify.semantics.x86 import supported

    names = [n for n in supported() if _host_has(n)]
    if not names:
        raise AssertionError("this machine runs none of the x86 intrinsics vecverify models")
    name = draw(st.sampled_from(names))
    ret, params = x86_signature(name)
    args: list[Any] = []
    for i, t in enumerate(params):
        elem, n = _elem_lanes(t)
        if i == 1 and t == "i32":  # an immediate count: mostly around the width
            args.append(draw(st.one_of(st.integers(0, 70), int_values(32))))
        elif i == 1 and name.split(".")[3] in ("psll", "psrl", "psra", "psllv", "psrlv", "psrav"):
            w = int(elem[1:])
            args.append([draw(st.one_of(st.integers(0, w + 2), int_values(w))) for _ in range(n)])
        else:
            args.append(_values(draw, elem, n))
    call = f"%r = call {ret} @{name}({', '.join(f'{p} %{c}' for p, c in zip(params, 'ab', strict=True))})"
    return Case("x86 intrinsic", _fn(ret, params, [call]), tuple(args), (), (_declare(ret, name, params),))


INT_REDUCTIONS = ("add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin")
FLOAT_REDUCTIONS = ("fmax", "fmin", "fmaximum", "fminimum")


@st.composite
def reduction(draw: st.DrawFn) -> Case:
    kind = draw(st.sampled_from(INT_REDUCTIONS + FLOAT_REDUCTIONS))
    elem = draw(FLOATS) if kind in FLOAT_REDUCTIONS else f"i{draw(INT_WIDTHS)}"
    n = draw(st.integers(1, 16))
    t = _type(elem, n)
    name = f"llvm.vector.reduce.{kind}.{_suffix(elem, n)}"
    fmf = _flags(draw, ("nnan", "nsz")) if kind in FLOAT_REDUCTIONS and draw(st.integers(0, 3)) == 0 else ""
    call = f"%r = call{fmf} {elem} @{name}({t} %a)"
    decls = (_declare(elem, name, [t]),)
    lenient = _fn(elem, [t], [call.replace("call ", "call nsz ", 1)]) if kind in ("fmax", "fmin") else None
    return Case("reduction", _fn(elem, [t], [call]), (_values(draw, elem, n),), (), decls, lenient)


FLOAT_INTRINSICS: dict[str, int] = {
    "sqrt": 1, "floor": 1, "ceil": 1, "trunc": 1, "round": 1, "roundeven": 1, "rint": 1, "nearbyint": 1,
    "fma": 3, "fmuladd": 3, "minnum": 2, "maxnum": 2, "minimum": 2, "maximum": 2, "minimumnum": 2,
    "maximumnum": 2, "is.fpclass": 1, "canonicalize": 1,
}


def _float_operands(draw: st.DrawFn, elem: str, n: int, count: int) -> tuple[str, list[Any], list[str], str]:
    """``count`` operands of one float type, the later ones near the first: (type, values,
    parameter types, the call's operand list)."""
    t = _type(elem, n)
    a = _values(draw, elem, n)
    args = [a] + [_near(draw, a, elem) for _ in range(count - 1)]
    params = [t] * count
    return t, args, params, ", ".join(f"{p} %{c}" for p, c in zip(params, "abc", strict=False))


@st.composite
def float_intrinsic(draw: st.DrawFn) -> Case:
    kind = draw(st.sampled_from(sorted(FLOAT_INTRINSICS)))
    elem, n = draw(FLOATS), draw(LANES)
    if kind == "canonicalize" and (elem == "half" and n > 1 or (elem, n) == ("float", 2)):
        n = 0  # LLVM 22's x86 code generator aborts on these shapes (see KNOWN_DEVIATIONS)
    t, args, params, operands = _float_operands(draw, elem, n, FLOAT_INTRINSICS[kind])
    name = f"llvm.{kind}.{_suffix(elem, n)}"
    if kind == "is.fpclass":
        ret = _type("i1", n)
        test = draw(st.one_of(st.integers(0, 1023), st.sampled_from([1, 2, 3, 4, 32, 64, 512, 0x90, 0x3FC])))
        call = f"%r = call {ret} @{name}({operands}, i32 {test})"
        decl = _declare(ret, name, params + ["i32"])
    else:
        ret = t
        fmf = " nsz" if kind.startswith(("min", "max")) and draw(st.integers(0, 3)) == 0 else ""
        call = f"%r = call{fmf} {t} @{name}({operands})"
        decl = _declare(t, name, params)
    lenient = None
    if kind in ("minnum", "maxnum"):
        lenient = _fn(ret, params, [call.replace("call ", "call nsz ", 1)])
    return Case("float intrinsic", _fn(ret, params, [call]), tuple(args), (), (decl,), lenient)


CONSTRAINED_FP: dict[str, int] = {"fadd": 2, "fsub": 2, "fmul": 2, "fdiv": 2, "fma": 3, "sqrt": 1}


@st.composite
def constrained_fp(draw: st.DrawFn) -> Case:
    """Constrained intrinsics in the environment native code runs in: round.tonearest
    (the only mode the machine is in here), exceptions ignored."""
    kind, elem, n = draw(st.sampled_from(sorted(CONSTRAINED_FP))), draw(FLOATS), draw(LANES)
    t, args, params, operands = _float_operands(draw, elem, n, CONSTRAINED_FP[kind])
    name = f"llvm.experimental.constrained.{kind}.{_suffix(elem, n)}"
    call = f'%r = call {t} @{name}({operands}, metadata !"round.tonearest", metadata !"fpexcept.ignore")'
    decl = _declare(t, name, params + ["metadata", "metadata"])
    return Case("constrained fp", _fn(t, params, [call]), tuple(args), (), (decl,))


# ----------------------------------------------------------------------------- memory

MEMORY_ELEMS = ("i8", "i16", "i32", "i64", "i24", "i40", "half", "float", "double")


def _elem_bytes(elem: str) -> int:
    return FLOAT_WIDTH[elem] // 8 if elem in FLOAT_WIDTH else int(elem[1:]) // 8


def _alloc_bytes(elem: str) -> int:
    """The distance between consecutive elements (getelementptr's step): the store size
    rounded up to a power of two (i24: 4 bytes)."""
    size = _elem_bytes(elem)
    return 1 << (size - 1).bit_length()


@st.composite
def load_store(draw: st.DrawFn) -> Case:
    """A value loaded through a getelementptr (constant or variable index, inbounds or
    not, at a drawn alignment) and another stored through one: the loaded value and the
    buffer's final bytes are compared."""
    elem = draw(st.sampled_from(MEMORY_ELEMS))
    n = draw(st.sampled_from([0, 0, 1, 2, 4, 8, 3, 16]))
    t = _type(elem, n)
    size = _elem_bytes(elem) * max(n, 1)
    buf_len = draw(st.integers(size, size * 3 + 8))
    gep_elem = draw(st.sampled_from(["i8", "i16", "i32", "i64", elem]))
    unit = _elem_bytes(gep_elem)
    slots = max(1, (buf_len - size) // unit + 1)
    idx_w = draw(st.sampled_from([64, 32, 8]))
    in_range = st.integers(0, min(slots, 128) - 1)
    index = draw(st.integers(-2, slots + 2) if draw(st.integers(0, 9)) == 0 else in_range)
    store_index = draw(in_range)
    inbounds = draw(st.sampled_from(["", " inbounds", " nuw", " nusw"]))
    # Mostly an alignment both addresses have (a misaligned access is UB, not compared).
    offsets = (index * _alloc_bytes(gep_elem), store_index * _alloc_bytes(gep_elem))
    fitting = [a for a in (1, 2, 4, 8, 16) if all(o % a == 0 for o in offsets)]
    align = draw(st.sampled_from([1, 2, 4, 8, 16] if draw(st.integers(0, 9)) == 0 else fitting))
    same_pointer = draw(st.booleans())  # store, then load the same or an overlapping place
    lines = [
        f"%p = getelementptr{inbounds} {gep_elem}, ptr %a, i{idx_w} %b",
        f"%q = getelementptr{inbounds} {gep_elem}, ptr %a, i{idx_w} {store_index}",
        f"store {t} %c, ptr {'%p' if same_pointer else '%q'}, align {align}",
        f"%r = load {t}, ptr %p, align {align}",
    ]
    if draw(st.booleans()):
        lines = lines[:2] + [lines[3], lines[2]]  # load first
    buffer = bytes(draw(st.lists(st.integers(0, 255), min_size=buf_len, max_size=buf_len)))
    v = _values(draw, elem, n)
    return Case("load/store", _fn(t, ["ptr", f"i{idx_w}", t], lines), (None, index & ((1 << idx_w) - 1), v),
                ((0, buffer),))


@st.composite
def masked_memory(draw: st.DrawFn) -> Case:
    """llvm.masked.load and llvm.masked.store with a mask argument, a passthru, and an
    offset that lets masked-off lanes hang over the end of the buffer."""
    elem = draw(st.sampled_from(["i8", "i16", "i32", "i64", "float", "double"]))
    n = draw(st.integers(1, 16))
    t, mt = _type(elem, n), _type("i1", n)
    esize = _elem_bytes(elem)
    buf_len = draw(st.integers(esize, esize * (n + 2)))
    offset = draw(st.integers(0, max(0, buf_len // esize - 1))) * esize
    align = draw(st.sampled_from([1, esize] + ([esize * 2] if offset % (esize * 2) == 0 else [])))
    mask = draw(st.lists(st.sampled_from([0, 1, 1]), min_size=n, max_size=n))
    # Mostly: lanes past the buffer's end are masked off.
    if draw(st.integers(0, 3)) > 0:
        mask = [m if offset + (k + 1) * esize <= buf_len else 0 for k, m in enumerate(mask)]
    suffix = f"{_suffix(elem, n)}.p0"
    load = f"llvm.masked.load.{suffix}"
    store = f"llvm.masked.store.{suffix}"
    lines = [
        f"%p = getelementptr i8, ptr %a, i64 {offset}",
        f"%r = call {t} @{load}(ptr align {align} %p, {mt} %b, {t} %c)",
        f"call void @{store}({t} %d, ptr align {align} %p, {mt} %b)",
    ]
    if draw(st.booleans()):
        lines = [lines[0], lines[2], lines[1]]
    buffer = bytes(draw(st.lists(st.integers(0, 255), min_size=buf_len, max_size=buf_len)))
    decls = (_declare(t, load, ["ptr", mt, t]), _declare("void", store, [t, "ptr", mt]))
    args = (None, mask, _values(draw, elem, n), _values(draw, elem, n))
    return Case("masked load/store", _fn(t, ["ptr", mt, t, t], lines), args, ((0, buffer),), decls)


@st.composite
def gather_scatter(draw: st.DrawFn) -> Case:
    """llvm.masked.gather then llvm.masked.scatter through one vector getelementptr
    (a scalar base and a vector of indices, or a splatted vector base): indices from a
    few slots, so lanes collide (the scatter's lane order decides) and masked-off lanes
    may point out of bounds."""
    elem = draw(st.sampled_from(["i8", "i16", "i32", "i64", "float", "double"]))
    n = draw(st.integers(1, 16))
    t, mt = _type(elem, n), _type("i1", n)
    esize = _elem_bytes(elem)
    slots = draw(st.integers(1, 8))
    idx_w = draw(st.sampled_from([64, 32, 8]))
    it, pt = _type(f"i{idx_w}", n), _type("ptr", n)
    mask = draw(st.lists(st.sampled_from([0, 1, 1]), min_size=n, max_size=n))
    index = [draw(st.integers(0, slots - 1)) if m or draw(st.booleans()) else draw(st.integers(-4, slots + 4))
             for m in mask]
    inbounds = draw(st.sampled_from(["", " inbounds"]))
    if draw(st.booleans()):  # a vector base: %a splatted
        lines = [f"%v = insertelement {pt} poison, ptr %a, i32 0",
                 f"%s = shufflevector {pt} %v, {pt} poison, <{n} x i32> zeroinitializer",
                 f"%p = getelementptr{inbounds} {elem}, {pt} %s, {it} %b"]
    else:
        lines = [f"%p = getelementptr{inbounds} {elem}, ptr %a, {it} %b"]
    align = draw(st.sampled_from([1, esize]))
    suffix = f"{_suffix(elem, n)}.{_suffix('p0', n)}"
    gather, scatter = f"llvm.masked.gather.{suffix}", f"llvm.masked.scatter.{suffix}"
    load = f"%r = call {t} @{gather}({pt} align {align} %p, {mt} %c, {t} %d)"
    store = f"call void @{scatter}({t} %e, {pt} align {align} %p, {mt} %c)"
    lines += [load, store] if draw(st.booleans()) else [store, load]
    buffer = bytes(draw(st.lists(st.integers(0, 255), min_size=slots * esize, max_size=slots * esize)))
    decls = (_declare(t, gather, [pt, mt, t]), _declare("void", scatter, [t, pt, mt]))
    args = (None, [x & ((1 << idx_w) - 1) for x in index], mask, _values(draw, elem, n), _values(draw, elem, n))
    return Case("gather/scatter", _fn(t, ["ptr", it, mt, t, t], lines), args, ((0, buffer),), decls)


@st.composite
def lane_mask(draw: st.DrawFn) -> Case:
    """llvm.get.active.lane.mask (base, n near each other and near the top of the range,
    where base + i wraps) and llvm.stepvector (added to a vector, so every lane shows)."""
    n = draw(st.integers(1, 16))
    if draw(st.booleans()):
        w = draw(st.sampled_from([8, 16, 32, 64]))
        t = f"i{w}"
        mask = (1 << w) - 1
        base = draw(st.one_of(int_values(w), st.integers(0, 20).map(lambda k: (mask - k) & mask)))
        near = [(base + k) & mask for k in range(-20, 21)]
        limit = draw(st.one_of(int_values(w), st.sampled_from(near)))
        name = f"llvm.get.active.lane.mask.{_suffix('i1', n)}.{t}"
        call = f"%r = call {_type('i1', n)} @{name}({t} %a, {t} %b)"
        return Case("lane mask", _fn(_type("i1", n), [t, t], [call]), (base, limit), (),
                    (_declare(_type("i1", n), name, [t, t]),))
    w = draw(st.sampled_from([8, 16, 32, 64]))  # LLVM's verifier: 8 bits or more
    vt = _type(f"i{w}", n)
    name = f"llvm.stepvector.{_suffix(f'i{w}', n)}"
    lines = [f"%s = call {vt} @{name}()", f"%r = add {vt} %s, %a"]
    return Case("lane mask", _fn(vt, [vt], lines), (draw(_lanes_of(int_values(w), n)),), (),
                (_declare(vt, name, []),))


@st.composite
def program(draw: st.DrawFn) -> Case:
    """A random straight-line program of 5 to 40 instructions over vectors (integer or
    float), their lanes and a buffer (properties/strategies.py), on edge-biased inputs;
    the returned lanes and every byte of the buffer are compared."""
    prog = draw(straight_line_programs())
    vt, _, et, _ = prog.arg_types
    elem, n = _elem_lanes(vt)
    decls = tuple(line for line in prog.text.splitlines() if line.startswith("declare"))
    body = "\n".join(line for line in prog.text.splitlines() if not line.startswith("declare")) + "\n"
    body = body.replace(f"@{prog.name}(", "@__fn__(")
    esize = _elem_bytes(elem)
    lanes = [draw(lane_values(elem)) for _ in range(prog.buffer_bytes // esize)]
    buffer = b"".join(x.to_bytes(esize, "little") for x in lanes)
    args = (_values(draw, elem, n), _values(draw, elem, n), _values(draw, et, 0), None)
    return Case("program", body, args, ((3, buffer),), decls)


FAMILIES: dict[str, Callable[[], st.SearchStrategy[Case]]] = {
    "int binop": int_binop, "icmp": icmp, "select": select, "int cast": int_cast, "bitcast": bitcast,
    "freeze": freeze, "float binop": float_binop, "float unary": float_unary, "fcmp": fcmp,
    "float cast": float_cast, "contraction": contraction, "vector element": vector_element, "shufflevector": shufflevector,
    "int intrinsic": int_intrinsic, "x86 intrinsic": x86_intrinsic, "reduction": reduction, "float intrinsic": float_intrinsic,
    "constrained fp": constrained_fp,
    "load/store": load_store, "masked load/store": masked_memory, "gather/scatter": gather_scatter,
    "lane mask": lane_mask, "program": program,
}


# ----------------------------------------------------------------------------- running


@dataclass
class Tally:
    """What a family's cases came to: compared lanes (and bytes), poison ones, UB cases."""

    counts: Counter[str] = field(default_factory=Counter)

    def add(self, key: str, n: int = 1) -> None:
        self.counts[key] += n

    @property
    def skip_rate(self) -> float:
        """The share of cases not compared at all (UB, or every lane poison)."""
        cases = self.counts["cases"]
        return (self.counts["UB"] + self.counts["all poison"]) / cases if cases else 1.0

    def summary(self) -> str:
        c = self.counts
        known = f", {c['known LLVM deviations']} known LLVM deviations" if c["known LLVM deviations"] else ""
        return (f"{c['cases']} cases: {c['compared cases']} compared ({c['lanes compared']} lanes/bytes, "
                f"{c['lanes poison']} poison), {c['UB']} UB, {c['all poison']} all poison{known} "
                f"(skip rate {100 * self.skip_rate:.0f}%)")


TALLIES: dict[str, Tally] = {}


def event(text: str) -> None:
    """A Hypothesis event (shown with --hypothesis-show-statistics), when under Hypothesis."""
    if currently_in_test_context():
        _hypothesis_event(text)


def module_text(cases: Sequence[Case]) -> str:
    decls = sorted({d for c in cases for d in c.decls})
    return "\n".join(decls) + "\n" + "\n".join(c.text(f"f{i}") for i, c in enumerate(cases))


def run_batch(cases: Sequence[Case], tally: Tally | None = None) -> None:
    """Compile the cases into one module, run each natively where the semantics have no
    UB, and assert that the semantics allow every native result."""
    module = compile_module(module_text(cases))
    for i, case in enumerate(cases):
        name = f"f{i}"
        fn = module.functions[name]
        buffers = dict(case.buffers)
        ev = evaluate(fn, ConcreteInput.separate(fn, list(case.args), buffers))
        tally = tally if tally is not None else TALLIES.setdefault(case.family, Tally())
        tally.add("cases")
        if ev.ub is not False:
            tally.add("UB")
            event(f"{case.family}: UB per the semantics (not run)")
            continue
        outputs = ev.outputs()
        poison = sum(1 for lane in outputs if lane.poison)
        tally.add("lanes poison", poison)
        tally.add("lanes compared", len(outputs) - poison)
        if outputs and poison == len(outputs):
            tally.add("all poison")
            event(f"{case.family}: every lane poison (not compared)")
            continue
        tally.add("compared cases")
        event(f"{case.family}: compared")
        native = module.run(name, list(case.args), {k: np.frombuffer(v, np.uint8) for k, v in buffers.items()})
        assert not native.oob_writes, f"native code wrote out of bounds where the semantics see no UB:\n{case.describe()}"
        lanes = native.lanes()
        blocks = [list(b) for b in native.buffers]
        if not ev.allows(lanes, blocks):
            if case.lenient is not None and _lenient_allows(case, lanes, blocks):
                tally.add("known LLVM deviations")
                event(f"{case.family}: {KNOWN_DEVIATIONS['minnum signed zeros']}")
                continue
            raise AssertionError(_mismatch(case, ev, lanes, blocks))


# Where LLVM 22's x86 code generator does not implement the LangRef, the cross-check
# accepts what it does instead, counts it, and names it here.
KNOWN_DEVIATIONS = {
    "minnum signed zeros": "known LLVM deviation: x86 minnum/maxnum (and the fmin/fmax reductions) return "
                           "either zero for +0.0 vs -0.0, LangRef orders -0.0 < +0.0 (llvm-project issue 169122)",
    "canonicalize crash": "not drawn: LLVM 22's x86 code generator aborts on llvm.canonicalize of <N x half> "
                          "(N > 1) and <2 x float> (\"Do not know how to custom type legalize this operation\")",
}


def _lenient_allows(case: Case, lanes: list[int], blocks: list[list[int]]) -> bool:
    """Whether the native result is what the case's ``lenient`` function (the deviation
    LLVM implements) allows on the same input."""
    assert case.lenient is not None
    text = "\n".join(case.decls) + "\n" + case.lenient.replace("@__fn__", "@f")
    fn = parse_module(text, "<lenient>").functions["f"]
    ev = evaluate(fn, ConcreteInput.separate(fn, list(case.args), dict(case.buffers)))
    return ev.ub is False and ev.allows(lanes, blocks)


def _mismatch(case: Case, ev: Any, lanes: list[int], blocks: list[list[int]]) -> str:
    def show(lane: Any) -> str:
        return "poison" if lane.poison else "choice" if lane.value is None else hex(lane.value)

    lines = ["native result not allowed by the semantics:", case.describe()]
    lines.append("  native:    " + ", ".join(hex(x) for x in lanes))
    lines.append("  semantics: " + ", ".join(show(lane) for lane in ev.lanes))
    for k, (got, want) in enumerate(zip(blocks, ev.memory, strict=True)):
        lines.append(f"  block {k} native:    {bytes(got).hex()}")
        lines.append(f"  block {k} semantics: " + " ".join(show(b)[2:] if b.defined else "??" for b in want))
    return "\n".join(lines)
