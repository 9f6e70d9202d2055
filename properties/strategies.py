"""Hypothesis strategies for vectorizable kernels and straight-line programs.

Built by composition, structure first and simplest choice first, so that shrinking
walks towards the minimal program: two lanes, one input, i8 (the first type), a single
operation, fully isomorphic lanes, no flags, constant 1. Nothing is filtered: every
draw is a valid kernel (constants that would be UB are never drawn).

``kernels()`` models the SLP-M paper's kernels: lanes that differ from a template in
operation kind (shl vs mul, add vs sub), count (a missing operation, a copy lane),
constant, flags, or operand order, next to fully isomorphic ones.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from hypothesis import strategies as st

from .kernel import (
    COMMUTATIVE,
    CONST_RHS,
    FLOAT_OPS,
    FLOAT_TYPES,
    INT_FLAGS,
    INT_TYPES,
    REDUCTION_OPS,
    Const,
    Expr,
    Kernel,
    Load,
    Op,
    Reduce,
    is_float,
    width,
)
from .shuffle_trees import shuffle_trees

# Lane variations, simplest first (shrinking goes to "iso").
VARIATIONS = ("iso", "const", "kind", "missing", "copy", "commuted", "flags")

# The "same value, other opcode" partner of each opcode (SLP-M Table 2 and its kin).
KIND_PARTNER = {
    "shl": "mul", "mul": "shl", "add": "sub", "sub": "add", "udiv": "lshr", "lshr": "udiv",
    "urem": "and", "and": "urem", "sdiv": "ashr", "ashr": "sdiv", "or": "xor", "xor": "or",
    "fadd": "fsub", "fsub": "fadd", "fmul": "fdiv", "fdiv": "fmul",
}
# Exactly representable in float and double; simple ones first.
FLOAT_CONSTS = (1.0, 2.0, 0.5, 0.0, -0.0, -1.0, 3.0, 0.25, 4.0, 1.5, 2.0**100, -2.5)
FP_MODULES = ("vecverify.semantics.fp", "vecverify.semantics.floating")


@cache
def fp_available() -> bool:
    """Float kernels only when the floating-point semantics can be imported. The brief
    names ``vecverify.semantics.fp``; the module in the tree is ``floating`` (the name
    transforms/base.py's FP_SEMANTICS uses), so either counts."""
    for name in FP_MODULES:
        try:
            importlib.import_module(name)
            return True
        except ImportError:
            continue
    return False


def element_types(allow_float: bool | None = None) -> tuple[str, ...]:
    allow = fp_available() if allow_float is None else allow_float and fp_available()
    return INT_TYPES + (FLOAT_TYPES if allow else ())


# ----------------------------------------------------------------------------- pieces


def int_constants(elem: str) -> st.SearchStrategy[int]:
    w = width(elem)
    smin, smax = -(1 << (w - 1)), (1 << (w - 1)) - 1
    special = st.sampled_from([1, 2, 0, -1, 3, 4, 8, 7, smin, smax])
    return st.one_of(special, st.integers(smin, smax))


def rhs_constant(op: str, elem: str) -> st.SearchStrategy[int | float]:
    """A constant right operand for ``op`` that is never UB."""
    if is_float(elem):
        # Two choices, like the integer constants: the same shape of choice sequence
        # for every type keeps shrinking's order on types (i8 first) meaningful.
        return st.one_of(st.sampled_from(FLOAT_CONSTS[:4]), st.sampled_from(FLOAT_CONSTS))
    w = width(elem)
    smax = (1 << (w - 1)) - 1
    if op in ("shl", "lshr", "ashr"):
        return st.one_of(st.sampled_from([1, 2, 0, w - 1]), st.integers(0, w - 1))
    if op in ("udiv", "urem"):
        # Unsigned divisors as signed constants: 1..smax, or negative ones (huge unsigned).
        return st.one_of(st.sampled_from([2, 4, 8, 3, 1]), st.integers(1, smax), st.integers(-smax, -1))
    if op in ("sdiv", "srem"):
        return st.one_of(st.sampled_from([2, 4, 8, 3, 1]), st.integers(1, smax), st.integers(-smax, -2))
    return int_constants(elem)


def flag_sets(op: str) -> list[tuple[str, ...]]:
    fl = INT_FLAGS.get(op, ())
    out: list[tuple[str, ...]] = [()]
    out += [(f,) for f in fl]
    if len(fl) == 2:
        out.append(fl)
    return out


@st.composite
def flags_for(draw: st.DrawFn, op: str, flag_prob: float) -> tuple[str, ...]:
    sets = flag_sets(op)
    # A weighted coin, drawn for every opcode (so every type draws alike), keeps
    # shrinking towards no flags.
    coin = draw(st.integers(0, 99))
    if len(sets) == 1 or flag_prob <= 0:
        return ()
    if flag_prob >= 1 or coin >= 100 * (1 - flag_prob):
        return draw(st.sampled_from(sets[1:]))
    return ()


@st.composite
def expressions(
    draw: st.DrawFn, elem: str, n_inputs: int, ops: Sequence[str], depth: int, flag_prob: float,
    profile: KernelProfile | None = None, spine: tuple[str, ...] = (),
) -> Expr:
    """An expression with 1..depth operations; the left spine carries the operations so
    lanes look like ``((a op k) op b)``, as in the paper's kernels. ``spine`` fixes the
    opcodes along it (top first)."""
    op = spine[0] if spine else draw(st.sampled_from(list(ops)))
    lhs: Expr = Load(draw(st.integers(0, n_inputs - 1)))
    if len(spine) > 1 or (not spine and depth > 1 and draw(st.booleans())):
        lhs = draw(expressions(elem, n_inputs, ops, depth - 1, flag_prob, profile, spine[1:]))
    rhs: Expr
    if op in CONST_RHS or n_inputs == 1 or draw(st.booleans()):
        rhs = Const(draw(rhs_for(profile, op, elem)))
    else:
        rhs = Load(draw(st.integers(0, n_inputs - 1)))
    return Op(op, lhs, rhs, draw(flags_of(profile, op, flag_prob)))


def rhs_for(profile: KernelProfile | None, op: str, elem: str) -> st.SearchStrategy[int | float]:
    if profile is not None and profile.consts and op in profile.consts:
        return st.sampled_from(profile.consts[op](width(elem)))
    return rhs_constant(op, elem)


def flags_of(profile: KernelProfile | None, op: str, flag_prob: float) -> st.SearchStrategy[tuple[str, ...]]:
    if profile is not None and profile.flags and op in profile.flags:
        return st.sampled_from(profile.flags[op])
    return flags_for(op, flag_prob)


def _partner_constant(op: str, partner: str, c: Const, elem: str) -> Const | None:
    """The constant that makes ``partner`` compute what ``op`` does, where one exists."""
    w, v = width(elem), c.value
    if isinstance(v, float):
        if {op, partner} == {"fmul", "fdiv"} and v in (1.0, 2.0, 0.5, 4.0, 0.25, -1.0):
            return Const(1.0 / v)
        return Const(-v) if {op, partner} == {"fadd", "fsub"} else None
    v = int(v)
    if op == "shl" and 0 <= v < w - 1:
        return Const(1 << v)
    if op in ("udiv", "sdiv") and v > 0 and v & (v - 1) == 0:
        return Const(v.bit_length() - 1)
    if op in ("lshr", "ashr") and 0 <= v < w - 1:
        return Const(1 << v)
    if op == "mul" and v > 0 and v & (v - 1) == 0:
        return Const(v.bit_length() - 1)
    if op == "urem" and v > 0 and v & (v - 1) == 0:
        return Const(v - 1)
    if op == "and" and v >= 0 and (v + 1) & v == 0:
        return Const(v + 1)
    if {op, partner} == {"add", "sub"}:
        return Const(-v)
    return None


@st.composite
def vary(
    draw: st.DrawFn, base: Expr, kind: str, elem: str, n_inputs: int, flag_prob: float,
    profile: KernelProfile | None = None,
) -> Expr:
    """Lane ``base`` changed the way ``kind`` says (falls back to ``base`` where the
    change does not apply, so every draw is valid)."""
    if kind == "copy":
        return Load(draw(st.integers(0, n_inputs - 1)))
    if not isinstance(base, Op):
        return base
    if kind == "missing":
        return base.lhs
    if kind == "const" and isinstance(base.rhs, Const):
        return Op(base.op, base.lhs, Const(draw(rhs_for(profile, base.op, elem))), base.flags)
    if kind == "commuted" and base.op not in CONST_RHS:
        return Op(base.op, base.rhs, base.lhs, base.flags)
    if kind == "flags":
        return Op(base.op, base.lhs, base.rhs, draw(flags_of(profile, base.op, 0.5)))
    if kind == "kind" and base.op in KIND_PARTNER:
        partner = KIND_PARTNER[base.op]
        rhs = base.rhs
        same_value = isinstance(rhs, Const) and draw(st.integers(0, 3)) > 0
        new = _partner_constant(base.op, partner, rhs, elem) if same_value and isinstance(rhs, Const) else None
        if new is None and (partner in CONST_RHS or isinstance(rhs, Const)):
            new = Const(draw(rhs_for(profile, partner, elem)))
        if new is not None:
            rhs = new
        return Op(partner, base.lhs, rhs, draw(flags_of(profile, partner, flag_prob)))
    return base


@dataclass(frozen=True)
class KernelProfile:
    """Knobs that bias ``kernels()``: the mutant tests use them to make a mutated pattern
    likely (e.g. only shl with nsw at the top bit)."""

    types: tuple[str, ...] | None = None
    ops: tuple[str, ...] | None = None
    variations: tuple[str, ...] = VARIATIONS
    min_lanes: int = 2
    max_lanes: int = 16
    max_inputs: int = 3
    max_depth: int = 2
    flag_prob: float = 0.3
    spine: tuple[str, ...] = ()  # the template's opcodes along its left spine, top first
    # op -> constants for its right operand, as a function of the lane width
    consts: Mapping[str, Callable[[int], list[int | float]]] | None = None
    flags: Mapping[str, list[tuple[str, ...]]] | None = None  # op -> the flag sets to draw
    # Integer kernels: how often the lanes are combined by a horizontal reduction (0..1),
    # with which operations, and the flag sets its add/mul steps may carry.
    reduce_prob: float = 0.2
    reduce_ops: tuple[str, ...] = REDUCTION_OPS
    reduce_flags: tuple[tuple[str, ...], ...] = ((), ("nsw",), ("nuw",), ("nsw", "nuw"))
    # How often a kernel is a shuffle tree over vector loads (properties/shuffle_trees.py:
    # the interleaved load combine's input) instead of lanes of operations; ``gaps``: some
    # of those leave members out (a group the combine must not touch).
    shuffle_trees: float = 0.0
    gaps: bool = False


DEFAULT_PROFILE = KernelProfile()


# fmul/fdiv are drawn only when a profile asks for them: the checker takes 2 s (2 x float)
# to over 60 s (2 x double, a*b) to prove a commuted fmul, so by default they would
# turn most float draws into failed-to-prove. fadd/fsub prove in well under a second.
DEFAULT_FLOAT_OPS = ("fadd", "fsub")


def _ops_for(elem: str, ops: tuple[str, ...] | None) -> list[str]:
    pool = list(FLOAT_OPS) if is_float(elem) else list(INT_FLAGS)
    if ops is None:
        return list(DEFAULT_FLOAT_OPS) if is_float(elem) else pool
    return [o for o in ops if o in pool] or (list(DEFAULT_FLOAT_OPS) if is_float(elem) else pool)


# Lane counts, as often as they are listed: vector widths first (what SLP forms; shrinking
# goes to the first), small counts most often. A proof's cost grows faster than linearly
# in lanes (memory is resolved per access): 16 lanes cost about five times 2 lanes, so
# the common case is small and campaigns stay fast. Counts 9..15 are drawn only when
# a profile's minimum asks for them.
LANE_COUNTS = (2, 4, 8, 2, 3, 4, 2, 4, 16, 5, 6, 7, 3)


def lane_count(lo: int, hi: int) -> st.SearchStrategy[int]:
    counts = [n for n in LANE_COUNTS if lo <= n <= hi]
    return st.sampled_from(counts) if counts else st.integers(lo, hi)


@st.composite
def reductions(draw: st.DrawFn, elem: str, profile: KernelProfile) -> Reduce | None:
    """Whether (and how) the lanes are reduced: integer kernels only. A weighted coin,
    drawn for every type, shrinks towards no reduction."""
    coin = draw(st.integers(0, 99))
    ops = [o for o in profile.reduce_ops if o in REDUCTION_OPS]
    if is_float(elem) or not ops or coin < 100 * (1 - profile.reduce_prob):
        return None
    op = draw(st.sampled_from(ops))
    flags = draw(st.sampled_from(profile.reduce_flags)) if op in ("add", "mul") else ()
    return Reduce(op, flags)


@st.composite
def kernels(draw: st.DrawFn, profile: KernelProfile = DEFAULT_PROFILE) -> Kernel:
    """A straight-line kernel ``out[i] = lane_i(a[i], b[i], c[i])`` for i < 2..16, or a
    reduction ``out[0] = lane_0 op lane_1 op ...`` of 4..16 lanes (where the profile
    allows 4), or (``profile.shuffle_trees``) a shuffle tree de-interleaving vector loads."""
    types = profile.types or element_types()
    types = tuple(t for t in types if not is_float(t) or fp_available()) or INT_TYPES
    if profile.shuffle_trees > 0 and draw(st.integers(0, 99)) < 100 * profile.shuffle_trees:
        return draw(shuffle_tree_kernels(types, profile))
    elem = draw(st.sampled_from(types))
    reduce = draw(reductions(elem, profile))
    max_lanes = profile.max_lanes
    if is_float(elem):
        max_lanes = min(max_lanes, 8)  # float proofs cost more per lane
    lo, hi = max(2, profile.min_lanes), max(2, max_lanes)
    if reduce is not None:
        lo = min(max(lo, 4), hi)  # SLP reduces 4 leaves or more
    n = draw(lane_count(lo, hi))
    n_inputs = draw(st.integers(1, profile.max_inputs))
    ops = _ops_for(elem, profile.ops)
    template = draw(expressions(elem, n_inputs, ops, profile.max_depth, profile.flag_prob, profile,
                                profile.spine))
    kinds = draw(st.lists(st.sampled_from(profile.variations), min_size=n, max_size=n))
    lanes = tuple(draw(vary(template, kind, elem, n_inputs, profile.flag_prob, profile)) for kind in kinds)
    return Kernel(elem, lanes, tuple(kinds), reduce=reduce)


@st.composite
def shuffle_tree_kernels(draw: st.DrawFn, types: tuple[str, ...], profile: KernelProfile = DEFAULT_PROFILE) -> Kernel:
    """A shuffle-tree kernel (see properties/shuffle_trees.py): F loads of <N x T>
    de-interleaved into F members, member j lane k = a[j + F*k]."""
    elem = draw(st.sampled_from(types))
    n = draw(lane_count(max(2, profile.min_lanes), max(2, min(profile.max_lanes, 16))))
    shape = draw(shuffle_trees(n, gaps=profile.gaps))
    lanes = tuple(Load(0, at=e) for j in shape.member_list for e in shape.wanted(j))
    return Kernel(elem, lanes, ("shuffle",) * len(lanes), shuffles=shape)


# ----------------------------------------------------------------------------- straight-line programs


@dataclass(frozen=True)
class Program:
    """A straight-line function over vectors, scalars and one noalias buffer ``%p``."""

    text: str
    name: str
    arg_types: tuple[str, ...]  # non-pointer arguments first; the last one is ``ptr %p``
    ret_type: str
    buffer_bytes: int
    instructions: int


_VEC_SHAPES = ("<4 x i32>", "<2 x i64>", "<8 x i16>", "<16 x i8>", "<2 x i32>", "<4 x i16>")
_FLOAT_SHAPES = ("<4 x float>", "<2 x double>", "<8 x float>", "<4 x double>", "<2 x float>")
_PROGRAM_OPS = ("add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr")
_PROGRAM_FLOAT_OPS = ("fadd", "fsub", "fmul", "fdiv")
_FLOAT_PREDS = ("oeq", "one", "olt", "ogt", "ule", "uge", "uno", "ord")
_INT_PREDS = ("eq", "ne", "ult", "slt", "ugt", "sgt")
_FLOAT_PROGRAM_CONSTS = ("1.0", "-2.0", "0.5", "0.0", "-0.0", "0x7FF0000000000000", "3.0")


def _shape(t: str) -> tuple[int, str]:
    n, e = t.strip("<>").split(" x ")
    return int(n), e


@st.composite
def straight_line_programs(
    draw: st.DrawFn, min_instructions: int = 5, max_instructions: int = 40, floats: bool = True
) -> Program:
    """5..40 instructions over vectors of one shape (integer, or float with ``floats``),
    their lanes as scalars, and memory (loads and stores of vectors and lanes at
    in-bounds, aligned offsets of ``%p``)."""
    vt = draw(st.sampled_from(_VEC_SHAPES + (_FLOAT_SHAPES if floats else ())))
    n, et = _shape(vt)
    fp = is_float(et)
    w = width(et)
    esize = w // 8
    slots = 4  # %p holds 4 vectors' worth of bytes
    buffer_bytes = slots * n * esize
    count = draw(st.integers(min_instructions, max_instructions))
    vecs = ["%v0", "%v1"]
    scalars = ["%s0"]
    lines: list[str] = []
    k = 0

    def vec() -> str:
        return draw(st.sampled_from(vecs))

    def scalar() -> str:
        return draw(st.sampled_from(scalars))

    # Instruction kinds, simplest first.
    kinds: tuple[str, ...] = ("binop", "extract", "insert", "shuffle", "select", "load", "store", "freeze", "scalar")
    kinds += ("fneg",) if fp else ("minmax",)
    while k < count:
        kind = draw(st.sampled_from(kinds))
        name = f"%x{k}"
        if kind == "binop" and fp:
            op = draw(st.sampled_from(_PROGRAM_FLOAT_OPS))
            lines.append(f"{name} = {op} {vt} {vec()}, {vec()}")
            vecs.append(name)
        elif kind == "binop":
            op = draw(st.sampled_from(_PROGRAM_OPS))
            flags = draw(st.sampled_from(flag_sets(op)))
            f = "".join(f" {x}" for x in flags)
            rhs = vec() if op not in ("shl", "lshr", "ashr") else \
                f"splat ({et} {draw(st.integers(0, w - 1))})"
            lines.append(f"{name} = {op}{f} {vt} {vec()}, {rhs}")
            vecs.append(name)
        elif kind == "fneg":
            lines.append(f"{name} = fneg {vt} {vec()}")
            vecs.append(name)
        elif kind == "minmax":
            op = draw(st.sampled_from(("smax", "smin", "umax", "umin")))
            suffix = f"v{n}{et}"
            lines.append(f"{name} = call {vt} @llvm.{op}.{suffix}({vt} {vec()}, {vt} {vec()})")
            vecs.append(name)
        elif kind == "scalar" and fp:
            op = draw(st.sampled_from(_PROGRAM_FLOAT_OPS))
            lines.append(f"{name} = {op} {et} {scalar()}, {draw(st.sampled_from(_FLOAT_PROGRAM_CONSTS))}")
            scalars.append(name)
        elif kind == "scalar":
            op = draw(st.sampled_from(_PROGRAM_OPS[:6]))
            lines.append(f"{name} = {op} {et} {scalar()}, {draw(int_constants(et))}")
            scalars.append(name)
        elif kind == "extract":
            lines.append(f"{name} = extractelement {vt} {vec()}, i32 {draw(st.integers(0, n - 1))}")
            scalars.append(name)
        elif kind == "insert":
            lines.append(f"{name} = insertelement {vt} {vec()}, {et} {scalar()}, i32 {draw(st.integers(0, n - 1))}")
            vecs.append(name)
        elif kind == "shuffle":
            mask = draw(st.lists(st.one_of(st.integers(0, 2 * n - 1), st.just(-1)), min_size=n, max_size=n))
            m = ", ".join("i32 poison" if i < 0 else f"i32 {i}" for i in mask)
            lines.append(f"{name} = shufflevector {vt} {vec()}, {vt} {vec()}, <{n} x i32> <{m}>")
            vecs.append(name)
        elif kind == "select":
            cmp = "fcmp" if fp else "icmp"
            pred = draw(st.sampled_from(_FLOAT_PREDS if fp else _INT_PREDS))
            a, b = vec(), vec()
            lines.append(f"{name}c = {cmp} {pred} {vt} {a}, {b}")
            lines.append(f"{name} = select <{n} x i1> {name}c, {vt} {vec()}, {vt} {vec()}")
            vecs.append(name)
        elif kind == "freeze":
            lines.append(f"{name} = freeze {vt} {vec()}")
            vecs.append(name)
        elif kind in ("load", "store"):
            whole = draw(st.booleans())
            slot = draw(st.integers(0, slots - 1))
            off = slot * n * esize + (0 if whole else draw(st.integers(0, n - 1)) * esize)
            ty, align = (vt, n * esize) if whole else (et, esize)
            lines.append(f"{name}p = getelementptr inbounds i8, ptr %p, i64 {off}")
            if kind == "load":
                lines.append(f"{name} = load {ty}, ptr {name}p, align {min(align, 16)}")
                (vecs if whole else scalars).append(name)
            else:
                val = vec() if whole else scalar()
                lines.append(f"store {ty} {val}, ptr {name}p, align {min(align, 16)}")
        k += 1
    ret = vecs[-1]
    body = "\n".join(f"  {ln}" for ln in lines)
    decls = "".join(
        f"declare {vt} @llvm.{op}.v{n}{et}({vt}, {vt})\n"
        for op in ("smax", "smin", "umax", "umin") if f"@llvm.{op}." in body
    )
    text = (
        f"{decls}define {vt} @prog({vt} %v0, {vt} %v1, {et} %s0, "
        f"ptr noalias dereferenceable({buffer_bytes}) %p) {{\n{body}\n  ret {vt} {ret}\n}}\n"
    )
    return Program(text, "prog", (vt, vt, et, "ptr"), vt, buffer_bytes, count)


__all__ = [
    "DEFAULT_PROFILE", "KernelProfile", "Program", "VARIATIONS", "element_types", "expressions",
    "fp_available", "kernels", "straight_line_programs", "vary", "COMMUTATIVE",
]
