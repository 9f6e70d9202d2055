"""Shuffle merging (SLP-M section 2.1): lanes computing two different operations (or
copying an input) are computed as whole-vector operations blended by one
shufflevector. The source is the scalar code the vectorizer starts from (lanes taken
apart with extractelement, rebuilt with insertelement); the target is the vector code.

A float lane that just copies X is served by such a blend, not by ``X * 1.0`` (which is
not a refinement because of NaN payloads); the identity shuffle is a refinement.

Applied on its own (``apply``, what fuzz campaigns exercise), the transform vectorizes a
store group whose lanes are ``x[i] op_i y[i]`` (x, y: one input array each, or
constants) with at most two opcodes, and copy lanes ``x[i]``: each opcode on whole
vectors, blended by shufflevector (the copy lanes from the loaded vector). An array is
loaded as a vector only when every lane reads it (so the target reads nothing the
source does not). Division and
remainder are left alone (a lane the blend discards could divide by zero). Flags: each
vector operation keeps those all of its own lanes carry (the other lanes are discarded,
and flags only make poison).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import Any

from vecverify.ir.function import Function
from vecverify.ir.types import FloatType, IntType, VectorType
from vecverify.ir.values import (
    Argument,
    BinOp,
    Constant,
    ConstInt,
    ConstVector,
    GetElementPtr,
    Instruction,
    Load,
    Ret,
    ShuffleVector,
    Store,
    Value,
)

from ..base import FP_SEMANTICS, Param, Rule, Transform, TypeInfo
from ..mutants import POISON_ONLY, Mutant
from .reorder import COMMUTATIVE, FP_COMMUTATIVE

NAME = "shuffle"

INT_VECTORS = ("<2 x i32>", "<4 x i32>", "<8 x i32>", "<2 x i64>", "<8 x i16>", "<8 x i8>")
FP_VECTORS = ("<2 x double>", "<4 x float>", "<8 x float>")
# The memory form costs more per lane: one type per lane count, and two element widths.
COPY_INT_VECTORS = ("<2 x i64>", "<4 x i32>", "<8 x i32>", "<8 x i16>")


def _scalars(t: TypeInfo) -> tuple[Param, ...]:
    """The lanes' operands as scalars a0..aN-1, b0..bN-1 (what SLP gathers)."""
    return tuple(Param(f"{x}{i}", type=t.scalar) for x in "ab" for i in range(t.lanes))


def _alt_op(even: str, odd: str) -> Callable[[int], str]:
    return lambda i: even if i % 2 == 0 else odd


def _lanes_built(t: TypeInfo, lane: Callable[[int], str]) -> str:
    """Each lane's scalar ``%s{i} = lane(i)``, built into the vector ``%r`` with
    insertelement (what SLP is given)."""
    lines, prev = [], "poison"
    for i in range(t.lanes):
        lines.append(f"%s{i} = {lane(i)}")
        dest = "%r" if i == t.lanes - 1 else f"%v{i}"
        lines.append(f"{dest} = insertelement {t.name} {prev}, {t.scalar} %s{i}, i32 {i}")
        prev = dest
    return "\n".join(lines)


def _scalar_code(even: str, odd: str) -> Callable[[TypeInfo], str]:
    """Lane i = a_i op_i b_i, built into a vector with insertelement."""
    op = _alt_op(even, odd)
    return lambda t: _lanes_built(t, lambda i: f"{op(i)} {t.scalar} %a{i}, %b{i}")


def _gather(t: TypeInfo, x: str) -> list[str]:
    lines, prev = [], "poison"
    for i in range(t.lanes):
        lines.append(f"%{x}v{i} = insertelement {t.name} {prev}, {t.scalar} %{x}{i}, i32 {i}")
        prev = f"%{x}v{i}"
    return lines


def _mask(t: TypeInfo, pick: Callable[[int], int]) -> str:
    return f"<{t.lanes} x i32> <" + ", ".join(f"i32 {pick(i)}" for i in range(t.lanes)) + ">"


def _blend_mask(t: TypeInfo) -> str:
    """Even lanes from the first operand, odd lanes from the second: <0, N+1, 2, N+3, ...>."""
    return _mask(t, lambda i: i if i % 2 == 0 else t.lanes + i)


def _vector_code(even: str, odd: str) -> Callable[[TypeInfo], str]:
    """Gather a and b, compute both opcodes on whole vectors, blend with one shuffle."""

    def body(t: TypeInfo) -> str:
        n = t.lanes - 1
        lines = _gather(t, "a") + _gather(t, "b")
        lines.append(f"%e = {even} {t.name} %av{n}, %bv{n}")
        lines.append(f"%o = {odd} {t.name} %av{n}, %bv{n}")
        lines.append(f"%r = shufflevector {t.name} %e, {t.name} %o, {_blend_mask(t)}")
        return "\n".join(lines)

    return body


def _alternate(even: str, odd: str, types: tuple[str, ...], requires: tuple[str, ...] = ()) -> Rule:
    return Rule(
        f"shuffle.{even}-{odd}", NAME,
        f"lanes alternating {even} and {odd} -> {even} and {odd} vectors blended by "
        "shufflevector <0, N+1, 2, N+3, ...>",
        types, _scalars, src=_scalar_code(even, odd), tgt=_vector_code(even, odd), requires=requires,
        lane_split=True,  # each lane is one scalar operation of its own operands
    )


# The copy-lane form, as SLP meets it: d[i] = a[i] op b[i] for even i, d[i] = a[i] for odd
# i, scalar loads and stores; the vector code loads whole vectors (so a and b must be
# dereferenceable for the whole vector: the target reads b's odd lanes, which the source
# never touches) and blends the op with the loaded vector a.
_PTRS = (
    Param("a", type="ptr", attrs="noalias dereferenceable({bytes})"),
    Param("b", type="ptr", attrs="noalias dereferenceable({bytes})"),
    Param("d", type="ptr", attrs="noalias"),
)


def _copy_scalar(op: str) -> Callable[[TypeInfo], str]:
    def body(t: TypeInfo) -> str:
        s, lines = t.scalar, []
        al = t.width // 8  # explicit: the default data layout aligns i64 to 4 only
        for i in range(t.lanes):
            lines.append(f"%pa{i} = getelementptr inbounds {s}, ptr %a, i64 {i}")
            lines.append(f"%a{i} = load {s}, ptr %pa{i}, align {al}")
            val = f"%a{i}"
            if i % 2 == 0:
                lines.append(f"%pb{i} = getelementptr inbounds {s}, ptr %b, i64 {i}")
                lines.append(f"%b{i} = load {s}, ptr %pb{i}, align {al}")
                lines.append(f"%s{i} = {op} {s} %a{i}, %b{i}")
                val = f"%s{i}"
            lines.append(f"%pd{i} = getelementptr inbounds {s}, ptr %d, i64 {i}")
            lines.append(f"store {s} {val}, ptr %pd{i}, align {al}")
        return "\n".join(lines)

    return body


def _copy_vector(op: str) -> Callable[[TypeInfo], str]:
    def body(t: TypeInfo) -> str:
        al = t.width // 8  # the scalar accesses' alignment, not the vector's
        return "\n".join([
            f"%va = load {t.name}, ptr %a, align {al}",
            f"%vb = load {t.name}, ptr %b, align {al}",
            f"%e = {op} {t.name} %va, %vb",
            f"%r = shufflevector {t.name} %e, {t.name} %va, {_blend_mask(t)}",
            f"store {t.name} %r, ptr %d, align {al}",
        ])

    return body


def _copy_lanes(op: str, types: tuple[str, ...], requires: tuple[str, ...] = ()) -> Rule:
    return Rule(
        f"shuffle.{op}-copy", NAME,
        f"d[i] = a[i] {op} b[i] (even i), d[i] = a[i] (odd i) -> vector {op} blended with the "
        "loaded vector a by one shufflevector",
        types, _PTRS, src=_copy_scalar(op), tgt=_copy_vector(op), ret="void", requires=requires,
        preconditions="a and b dereferenceable for the whole vector; a, b, d do not alias",
    )


def _fma_scalars(t: TypeInfo) -> tuple[Param, ...]:
    return tuple(Param(f"{x}{i}", type=t.scalar) for x in "abc" for i in range(t.lanes))


def _suffix(t: TypeInfo) -> str:
    f = f"f{t.width}"
    return f"v{t.lanes}{f}" if t.is_vector else f


def _fma_scalar_code(callee: str) -> Callable[[TypeInfo], str]:
    """Lane i = callee(a_i, b_i, c_i) for even i, a_i * b_i for odd i."""

    def body(t: TypeInfo) -> str:
        s, fn = t.scalar, f"@{callee}.{_suffix(TypeInfo(t.scalar))}"
        return _lanes_built(t, lambda i: f"call {s} {fn}({s} %a{i}, {s} %b{i}, {s} %c{i})" if i % 2 == 0
                            else f"fmul {s} %a{i}, %b{i}")

    return body


def _fma_vector_code(callee: str) -> Callable[[TypeInfo], str]:
    """Gather a, b, c; the vector call and the vector fmul, blended by one shuffle."""

    def body(t: TypeInfo) -> str:
        n, T = t.lanes - 1, t.name
        lines = _gather(t, "a") + _gather(t, "b") + _gather(t, "c")
        lines.append(f"%e = call {T} @{callee}.{_suffix(t)}({T} %av{n}, {T} %bv{n}, {T} %cv{n})")
        lines.append(f"%o = fmul {T} %av{n}, %bv{n}")
        lines.append(f"%r = shufflevector {T} %e, {T} %o, {_blend_mask(t)}")
        return "\n".join(lines)

    return body


def _fma_blend(callee: str, types: tuple[str, ...], requires: tuple[str, ...]) -> Rule:
    short = callee.removeprefix("llvm.")
    return Rule(
        f"shuffle.{short}-fmul", NAME,
        f"lanes alternating {short}(a, b, c) and fmul a, b -> a vector {callee} and a vector "
        "fmul blended by shufflevector <0, N+1, 2, N+3, ...> (the fmul lanes' addend is "
        "discarded, any value)",
        types, _fma_scalars, src=_fma_scalar_code(callee), tgt=_fma_vector_code(callee),
        requires=requires, lane_split=True,
    )


def _identity(t: TypeInfo) -> str:
    return f"%r = shufflevector {t.name} %a, {t.name} poison, {_mask(t, lambda i: i)}"


def _rules() -> list[Rule]:
    fp = (FP_SEMANTICS,)
    return [
        _alternate("add", "sub", INT_VECTORS),
        _alternate("sub", "mul", INT_VECTORS),
        _alternate("fadd", "fsub", FP_VECTORS, fp),
        _alternate("fsub", "fmul", FP_VECTORS, fp),
        # clang's contracted a * b + c next to a lone a * b (SLP-M's fmuladd lanes).
        _fma_blend("llvm.fmuladd", FP_VECTORS, fp),
        _fma_blend("llvm.fma", FP_VECTORS, fp),
        _copy_lanes("add", COPY_INT_VECTORS),
        _copy_lanes("fmul", FP_VECTORS, fp),
        Rule(
            "shuffle.identity", NAME, "X -> shufflevector X, poison, <0, 1, ..., N-1>",
            INT_VECTORS + FP_VECTORS, (Param("a"),), src="%r = bitcast {T} %a to {T}", tgt=_identity,
        ),
    ]


# ----------------------------------------------------------------------------- apply

TRAPPING = frozenset({"udiv", "sdiv", "urem", "srem"})


def lane_pointer(p: Value) -> tuple[Argument, int] | None:
    """``%arg`` -> (arg, 0); ``getelementptr T, %arg, i64 k`` (k constant, T the
    accessed type) -> (arg, k)."""
    if isinstance(p, Argument):
        return p, 0
    if isinstance(p, GetElementPtr) and isinstance(p.operands[0], Argument) and len(p.operands) == 2:
        k = p.operands[1]
        if isinstance(k, ConstInt):
            return p.operands[0], k.signed()
    return None


Operand = tuple[str, Any]  # ("array", Argument) or ("const", Constant)


@dataclass
class _Lane:
    op: str | None  # None: a copy lane
    flags: frozenset[str]
    operands: list[Operand]  # a copy lane: [("array", x)]


def _operand(v: Value, lane: int) -> Operand | None:
    if isinstance(v, Constant):
        return ("const", v)
    if isinstance(v, Load) and (p := lane_pointer(v.operands[0])) is not None and p[1] == lane:
        return ("array", p[0])
    return None


def _lane(v: Value, lane: int) -> _Lane | None:
    if isinstance(v, BinOp) and v.op not in TRAPPING:
        ops = [_operand(o, lane) for o in v.operands]
        return None if None in ops else _Lane(v.op, v.flags, ops)  # type: ignore[arg-type]
    x = _operand(v, lane)
    return _Lane(None, frozenset(), [x]) if x is not None and x[0] == "array" else None


def _column(lanes: list[_Lane], k: int) -> Operand | None:
    """What operand ``k`` of every op lane is: one array, or constants (per lane)."""
    got = [ln.operands[k] for ln in lanes if ln.op is not None]
    if all(g[0] == "array" for g in got) and len({id(g[1]) for g in got}) == 1:
        return got[0]
    if all(g[0] == "const" for g in got):
        return ("const", None)
    return None


def _align_commuted(lanes: list[_Lane]) -> None:
    """Swap the operands of commutative lanes whose left operand is not the array most
    lanes have on the left."""
    lefts = [id(ln.operands[0][1]) for ln in lanes if ln.op is not None and ln.operands[0][0] == "array"]
    if not lefts:
        return
    common = max(set(lefts), key=lefts.count)
    for ln in lanes:
        if ln.op in COMMUTATIVE or ln.op in FP_COMMUTATIVE:
            a, b = ln.operands
            if not (a[0] == "array" and id(a[1]) == common) and b[0] == "array" and id(b[1]) == common:
                ln.operands = [b, a]


def intersect_flags(flag_sets: Sequence[frozenset[str]]) -> frozenset[str]:
    return reduce(lambda a, b: a & b, flag_sets)


def blend_lanes(
    fn: Function,
    vector_flags: Callable[[Sequence[frozenset[str]]], frozenset[str]] = intersect_flags,
    edit_mask: Callable[[list[int]], list[int]] | None = None,
) -> Function | None:
    """The store group of ``fn`` as vector code blended by shufflevector (see the module
    text), or None when ``fn`` is not such a group. ``vector_flags`` picks a vector
    operation's flags from its lanes'; ``edit_mask`` may change the first blend's mask
    (the mutants pass wrong ones)."""
    if len(fn.blocks) != 1:
        return None
    out = copy.deepcopy(fn)
    insts = out.blocks[0].instructions
    if not isinstance(insts[-1], Ret) or insts[-1].operands:
        return None
    stores = [i for i in insts if isinstance(i, Store)]
    if len(stores) < 2 or not all(isinstance(i, Store | Load | GetElementPtr | BinOp) for i in insts[:-1]):
        return None
    where = [lane_pointer(s.operands[1]) for s in stores]
    if any(w is None or w[1] != k or w[0] is not where[0][0] for k, w in enumerate(where)):  # type: ignore[index]
        return None
    t = stores[0].operands[0].type
    if not isinstance(t, IntType | FloatType) or any(s.operands[0].type != t for s in stores):
        return None
    parsed = [_lane(s.operands[0], k) for k, s in enumerate(stores)]
    if None in parsed:
        return None
    lanes: list[_Lane] = parsed  # type: ignore[assignment]
    ops = list(dict.fromkeys(ln.op for ln in lanes if ln.op is not None))
    copies = any(ln.op is None for ln in lanes)
    if not ops or len(ops) > 2 or (len(ops) == 1 and not copies):
        return None
    _align_commuted(lanes)
    col0, col1 = _column(lanes, 0), _column(lanes, 1)
    if col0 is None or col1 is None:
        return None
    columns = [col0, col1]
    n, align = len(lanes), stores[0].align
    vt = VectorType(n, t)
    new: list[Instruction] = []
    loaded: dict[int, Load] = {}

    def vector_of(col: Operand, k: int) -> Value:
        if col[0] == "array":
            x = col[1]
            if id(x) not in loaded:
                loaded[id(x)] = Load(vt, None, [x], align=align)
                new.append(loaded[id(x)])
            return loaded[id(x)]
        first = next(ln.operands[k][1] for ln in lanes if ln.op is not None)
        return ConstVector(vt, tuple(ln.operands[k][1] if ln.op is not None else first for ln in lanes))

    operands = [vector_of(col0, 0), vector_of(col1, 1)]
    computed = []
    for op in ops:
        flags = vector_flags([ln.flags for ln in lanes if ln.op == op])
        computed.append(BinOp(vt, None, list(operands), op=op, flags=flags))
    new += computed
    picks: list[Value] = list(computed)
    for ln in lanes:  # a copy lane reads the loaded vector of its array
        if ln.op is None:
            x = ln.operands[0][1]
            if not any(c[0] == "array" and c[1] is x for c in columns):
                return None
            vec = loaded[id(x)]
            if all(p is not vec for p in picks):
                picks.append(vec)
    # A vector load reads every lane of its array: only where the source reads each one
    # (else the target may read past what the source may, which is UB).
    for x in loaded.values():
        arr = x.operands[0]
        if not all(any(o[0] == "array" and o[1] is arr for o in ln.operands) for ln in lanes):
            return None

    def source_of(ln: _Lane) -> Value:
        return computed[ops.index(ln.op)] if ln.op is not None else loaded[id(ln.operands[0][1])]

    source = [picks.index(source_of(ln)) for ln in lanes]  # by identity: values compare so
    # One shufflevector per extra source: the first blends sources 0 and 1, the next
    # blends that with source 2.
    mask = [k + n if source[k] == 1 else k for k in range(n)]
    if edit_mask is not None:
        mask = edit_mask(mask)
    value: Value = picks[0]
    if len(picks) > 1:
        value = ShuffleVector(vt, None, [picks[0], picks[1]], mask=tuple(mask))
        new.append(value)  # type: ignore[arg-type]
    if len(picks) > 2:
        value = ShuffleVector(vt, None, [value, picks[2]], mask=tuple(k + n if source[k] == 2 else k for k in range(n)))
        new.append(value)  # type: ignore[arg-type]
    new.append(Store(stores[0].type, None, [value, where[0][0]], align=align))  # type: ignore[index]
    out.blocks[0].instructions = new + [insts[-1]]
    return out


@dataclass
class ShuffleTransform(Transform):
    """Blends the lanes of a store group (see the module text)."""

    def apply(self, fn: Function, options: Any = None) -> Function | None:
        return blend_lanes(fn)


# ----------------------------------------------------------------------------- mutants
# Deliberately wrong variants (transforms/mutants.py), for the fuzz campaign to catch.


def _flip_lane_1(mask: list[int]) -> list[int]:
    n = len(mask)
    return [mask[0], mask[1] + n if mask[1] < n else mask[1] - n, *mask[2:]]


def _union(flag_sets: Sequence[frozenset[str]]) -> frozenset[str]:
    return frozenset().union(*flag_sets)


def mutants() -> list[Mutant]:
    from properties.strategies import KernelProfile  # Hypothesis: only for campaigns

    return [
        Mutant("shuffle:blend-off-by-one", "shuffle", "alternate-opcode blend whose mask is one lane off",
               make=lambda fn: blend_lanes(fn, edit_mask=_flip_lane_1),
               profile=KernelProfile(types=("i32", "i16", "i8", "i64"), ops=("add", "sub"), spine=("add",),
                                     variations=("kind", "iso"), max_inputs=2, max_depth=1, max_lanes=8,
                                     reduce_prob=0)),
        Mutant("shuffle:blend-flags-union", "shuffle",
               "alternate-opcode blend with every lane's flags on each vector operation",
               make=lambda fn: blend_lanes(fn, vector_flags=_union),
               profile=KernelProfile(types=("i8", "i16", "i32"), ops=("add", "sub"), spine=("add",),
                                     variations=("flags", "iso", "kind"), max_inputs=2, max_depth=1,
                                     max_lanes=4, flag_prob=0.5, flags={"add": [("nsw",), ()]}, reduce_prob=0),
               native_visible=False, why=POISON_ONLY),
    ]


TRANSFORM = ShuffleTransform(
    NAME,
    "Merge lanes of two different operations (alternate opcodes) or copied lanes into "
    "vector operations blended by shufflevector; the vectorizer applies it when it builds "
    "a group, apply() to the lanes of a store group",
    _rules(),
    # One operation per lane over loads and constants, partner opcodes, copy lanes.
    fuzz_profile={"max_depth": 1, "max_inputs": 2, "reduce_prob": 0.0,
                  "variations": ("kind", "iso", "copy", "const", "flags"),
                  "ops": ("add", "sub", "mul", "shl", "lshr", "ashr", "and", "or", "xor", "fadd", "fsub")},
    mutants=mutants,
)
