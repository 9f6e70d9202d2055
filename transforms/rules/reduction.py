"""Reductions in the loop vectorizer: the rules its code stands on.

A reduction ``%s = phi [%init, %ph], [%s.next, %latch]; %s.next = op %s, %x`` is
vectorized as a vector accumulator: a vector phi started with the operation's identity
in every lane and ``%init`` in lane 0, ``%acc.next = op %acc, %x.vec`` per block of VF
iterations (lane j folds the iterations j, VF+j, 2VF+j, ...), and
``llvm.vector.reduce.<op>`` of the accumulator in the middle block. Each rule's source is
the scalar fold of two blocks (``%init op x0 op x1 ...`` in iteration order, the lanes
of ``%v0`` then ``%v1``); the target is the vector code.

Integers (add, mul, and, or, xor, smin, smax, umin, umax; i8..i64, VF 2..16): the fold
is reassociated, so ``nsw`` and ``nuw`` are dropped (a partial sum may overflow where the
scalar order did not; ``add nsw`` and ``mul nuw`` kept are refuted). add, mul, and, or,
xor are proved by the refinement check; smin/smax/umin/umax (hard for the solver with
undef lanes) by their laws, proved at the element type, and the reassociation model.

Floating point: fadd and fmul only under ``reassoc`` (with or without the other
fast-math flags, which the vector operations keep), decided by the reassociation model
(:mod:`.reassociation`: the IEEE semantics does not model reassoc); without reassoc the
reassociated fold is refuted in IEEE arithmetic. fmin/fmax (``llvm.minnum``/``maxnum``)
under ``nnan`` (with or without ``nsz``), which makes them associative and commutative:
their laws proved in IEEE arithmetic at the element type, the fold by the reassociation
model; identity +inf/-inf.

Known-false variants are refuted: ``add nsw`` kept, ``mul nuw`` kept, the accumulator
started with the identity in every lane (``%init`` forgotten), fadd reassociated
without reassoc.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..base import FP_SEMANTICS, Param, Rule, Transform, TypeInfo
from .reassociation import Laws, check_reassociation, check_with_laws

NAME = "reduction"

BLOCKS = 2  # vector iterations in each obligation: the accumulator is used after a step
VFS = (2, 4, 8, 16)
INT_TYPES = tuple(f"<{vf} x {s}>" for s in ("i8", "i16", "i32", "i64") for vf in VFS)
FP_TYPES = tuple(f"<{vf} x {s}>" for s in ("half", "float", "double") for vf in VFS)


@dataclass(frozen=True)
class Kind:
    """One reduction operation: how the scalar loop and the vector code write it."""

    name: str  # add, smin, fadd, fmin
    identity: str  # the constant (TypeInfo.const key, or the literal text)
    intrinsic: str | None = None  # the scalar/vector operation is this call (llvm.smin)
    start_operand: bool = False  # llvm.vector.reduce.fadd/fmul take a start value

    @property
    def reduce(self) -> str:
        return f"llvm.vector.reduce.{self.name}"


INT_KINDS = {
    k.name: k
    for k in (
        Kind("add", "0"), Kind("mul", "1"), Kind("and", "-1"), Kind("or", "0"), Kind("xor", "0"),
        Kind("smin", "max", "llvm.smin"), Kind("smax", "min", "llvm.smax"),
        Kind("umin", "-1", "llvm.umin"), Kind("umax", "0", "llvm.umax"),
    )
}
FP_KINDS = {
    k.name: k
    for k in (
        Kind("fadd", "-0.0", start_operand=True), Kind("fmul", "1.0", start_operand=True),
        Kind("fmin", "+inf", "llvm.minnum"), Kind("fmax", "-inf", "llvm.maxnum"),
    )
}
KINDS = {**INT_KINDS, **FP_KINDS}

_INF_TEXT = {
    ("half", "+inf"): "0xH7C00", ("half", "-inf"): "0xHFC00",
    ("float", "+inf"): "0x7FF0000000000000", ("float", "-inf"): "0xFFF0000000000000",
    ("double", "+inf"): "0x7FF0000000000000", ("double", "-inf"): "0xFFF0000000000000",
}


def identity_text(kind: Kind, scalar: str) -> str:
    """The identity of ``kind`` as a constant of the scalar type ``scalar``."""
    if kind.identity in ("+inf", "-inf"):
        return _INF_TEXT[(scalar, kind.identity)]
    return TypeInfo(scalar).const(kind.identity)


def mangle(type_name: str) -> str:
    """The overload suffix of an intrinsic: i32, f32, v4i32, v8f16, nxv4i32."""
    t = TypeInfo(type_name)
    s = {"half": "f16", "float": "f32", "double": "f64"}.get(t.scalar, t.scalar)
    return f"{'nx' if t.scalable else ''}v{t.lanes}{s}" if t.is_vector else s


def _flags(flags: str) -> str:
    return f"{flags} " if flags else ""


def operation(kind: Kind, dest: str, type_name: str, a: str, b: str, flags: str = "") -> str:
    """``dest = a op b`` at ``type_name`` (a scalar or a vector type)."""
    if kind.intrinsic:
        return f"{dest} = call {_flags(flags)}{type_name} @{kind.intrinsic}.{mangle(type_name)}({type_name} {a}, {type_name} {b})"
    return f"{dest} = {kind.name} {_flags(flags)}{type_name} {a}, {b}"


def reduce_call(kind: Kind, dest: str, t: TypeInfo, acc: str, flags: str = "") -> str:
    start = f"{t.scalar} {identity_text(kind, t.scalar)}, " if kind.start_operand else ""
    return f"{dest} = call {_flags(flags)}{t.scalar} @{kind.reduce}.{mangle(t.name)}({start}{t.name} {acc})"


def laws(kind: Kind, flags: str = "") -> Laws:
    """The algebra of an intrinsic reduction, for the reassociation model's checker
    (under ninf the infinite identity is poison: no identity laws)."""
    assert kind.intrinsic is not None
    ident = None if "ninf" in flags.split() else (lambda element: identity_text(kind, element))
    return Laws(kind.name, kind.intrinsic, flags, ident)


def _params(t: TypeInfo) -> tuple[Param, ...]:
    return (Param("init", type=t.scalar),) + tuple(Param(f"v{k}") for k in range(BLOCKS))


def scalar_fold(kind: Kind, flags: str = "") -> Callable[[TypeInfo], str]:
    """The scalar loop: %init op (lanes of %v0) op (lanes of %v1), in iteration order."""

    def body(t: TypeInfo) -> str:
        lines, acc = [], "%init"
        for k in range(BLOCKS):
            for j in range(t.lanes):
                last = k == BLOCKS - 1 and j == t.lanes - 1
                lines.append(f"%x{k}.{j} = extractelement {t.name} %v{k}, i64 {j}")
                dest = "%r" if last else f"%s{k}.{j}"
                lines.append(operation(kind, dest, t.scalar, acc, f"%x{k}.{j}", flags))
                acc = dest
        return "\n".join(lines)

    return body


def vector_fold(kind: Kind, flags: str = "", reduce_flags: str | None = None,
                start: str = "identity") -> Callable[[TypeInfo], str]:
    """The vector code: the accumulator started (``start``) with the identity and %init
    in lane 0, %init in every lane (``splat``: LLVM's start for min/max), or only the
    identity (``identity-only``: wrong); one operation per block; the reduction."""

    def body(t: TypeInfo) -> str:
        splat = f"splat ({t.scalar} {identity_text(kind, t.scalar)})"
        lines, acc = [], "%acc"
        if start == "identity":
            lines = [f"%acc = insertelement {t.name} {splat}, {t.scalar} %init, i64 0"]
        elif start == "splat":
            lines = [f"%acc.ins = insertelement {t.name} poison, {t.scalar} %init, i64 0",
                     f"%acc = shufflevector {t.name} %acc.ins, {t.name} poison, <{t.lanes} x i32> zeroinitializer"]
        else:
            acc = splat
        for k in range(BLOCKS):
            lines.append(operation(kind, f"%acc{k}", t.name, acc, f"%v{k}", flags))
            acc = f"%acc{k}"
        lines.append(reduce_call(kind, "%r", t, acc, flags if reduce_flags is None else reduce_flags))
        return "\n".join(lines)

    return body


def ordered_lanes_fold(kind: Kind, flags: str = "") -> Callable[[TypeInfo], str]:
    """Vector accumulators, then the lanes folded in order with scalar operations (what a
    vectorizer might write when the operation may not be reassociated: still wrong)."""

    def body(t: TypeInfo) -> str:
        lines = vector_fold(kind, flags)(t).splitlines()[:-1]
        acc = None
        for j in range(t.lanes):
            lines.append(f"%l{j} = extractelement {t.name} %acc{BLOCKS - 1}, i64 {j}")
            if acc is not None:
                dest = "%r" if j == t.lanes - 1 else f"%f{j}"
                lines.append(operation(kind, dest, t.scalar, acc, f"%l{j}", flags))
                acc = dest
            else:
                acc = f"%l{j}"
        return "\n".join(lines)

    return body


def rule_name(kind: str, scalar_flags: frozenset[str] = frozenset(), start: str = "identity") -> str | None:
    """The holding rule the loop vectorizer applies to a ``kind`` reduction whose scalar
    operations carry ``scalar_flags``, its vector phi started with ``start`` (``identity``:
    the identity and the initial value in lane 0; ``splat``: the initial value in every
    lane, for min/max only), or None when no rule allows vectorizing it."""
    if start == "splat":
        if kind in INT_KINDS and INT_KINDS[kind].intrinsic:
            return f"reduction.{kind}.splat-init"
        if kind in ("fmin", "fmax"):
            for flags in FP_MINMAX_FLAG_SETS:
                if scalar_flags == frozenset(flags.split()):
                    return f"reduction.{kind}.{flags.replace(' ', '-')}.splat-init"
        return None
    if kind in INT_KINDS:
        if kind in ("add", "mul") and "nsw" in scalar_flags:
            return f"reduction.{kind}.nsw"
        return f"reduction.{kind}"
    if kind in ("fadd", "fmul"):
        for flags in FP_FLAG_SETS:
            if scalar_flags == _flag_set(flags):
                return f"reduction.{kind}.{flags.replace(' ', '-')}"
        return None
    if kind in ("fmin", "fmax"):
        for flags in FP_MINMAX_FLAG_SETS:
            if scalar_flags == frozenset(flags.split()) and "ninf" not in flags:
                return f"reduction.{kind}.{flags.replace(' ', '-')}"
    return None


def vector_flags(kind: str, scalar_flags: frozenset[str]) -> frozenset[str]:
    """The flags the vector operations keep (the rules' flags): none on integers (nsw
    and nuw are dropped), the fast-math flags on floating point."""
    if kind in INT_KINDS:
        return frozenset()
    return scalar_flags


# The fast-math flag sets of fadd/fmul reductions with a rule (clang: -fassociative-math,
# with -fno-signed-zeros, -ffast-math).
FP_FLAG_SETS = ("reassoc", "reassoc nsz", "fast")
# ... and of fmin/fmax reductions (nnan makes minnum/maxnum associative; clang's
# -ffinite-math-only -fno-signed-zeros gives nnan ninf nsz, where only the start with
# the initial value in every lane holds: the infinite identity is poison under ninf).
FP_MINMAX_FLAG_SETS = ("nnan", "nnan nsz", "nnan ninf nsz")
_FAST = frozenset({"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"})


def _flag_set(flags: str) -> frozenset[str]:
    return _FAST if flags == "fast" else frozenset(flags.split())


def _int_rules() -> list[Rule]:
    rules = []
    for kind in INT_KINDS.values():
        rules.append(Rule(
            f"reduction.{kind.name}", NAME,
            f"scalar {kind.name} fold -> vector accumulator (identity {kind.identity}, init in lane 0), "
            f"{kind.reduce}", INT_TYPES, _params, src=scalar_fold(kind), tgt=vector_fold(kind), ret="{S}",
            # min/max folds are hard for the solver with undef operands (a quantified
            # query per lane): their laws are proved at the element type instead, and
            # the fold by the reassociation model.
            checker=check_with_laws(laws(kind)) if kind.intrinsic else None,
        ))
    for kind in INT_KINDS.values():
        if kind.intrinsic:
            rules.append(Rule(
                f"reduction.{kind.name}.splat-init", NAME,
                f"scalar {kind.name} fold -> vector accumulator started with init in every lane, {kind.reduce}",
                INT_TYPES, _params, src=scalar_fold(kind), tgt=vector_fold(kind, start="splat"), ret="{S}",
                checker=check_with_laws(laws(kind)), why="min/max are idempotent: init folded VF times is init",
            ))
    add, mul = INT_KINDS["add"], INT_KINDS["mul"]
    rules += [
        Rule("reduction.add.nsw", NAME, "scalar add nsw fold -> vector add (nsw dropped), reduce.add",
             INT_TYPES, _params, src=scalar_fold(add, "nsw"), tgt=vector_fold(add), ret="{S}"),
        Rule("reduction.mul.nsw", NAME, "scalar mul nsw fold -> vector mul (nsw dropped), reduce.mul",
             INT_TYPES, _params, src=scalar_fold(mul, "nsw"), tgt=vector_fold(mul), ret="{S}"),
        # Known-false variants.
        Rule("reduction.add.nsw-kept", NAME, "scalar add nsw fold -> vector add nsw (kept), reduce.add",
             SMALL_INT_TYPES, _params, src=scalar_fold(add, "nsw"), tgt=vector_fold(add, "nsw", ""), ret="{S}",
             expected="refuted", why="a reassociated partial sum may overflow where the scalar order did not"),
        Rule("reduction.mul.nuw-kept", NAME, "scalar mul nuw fold -> vector mul nuw (kept), reduce.mul",
             SMALL_INT_TYPES, _params, src=scalar_fold(mul, "nuw"), tgt=vector_fold(mul, "nuw", ""), ret="{S}",
             expected="refuted", why="a zero factor late in the scalar order hid an overflow of a partial product"),
    ]
    rules += [
        Rule(f"reduction.{kind.name}.identity-start", NAME,
             f"scalar {kind.name} fold -> vector accumulator started with the identity in every lane (init lost)",
             SMALL_INT_TYPES, _params, src=scalar_fold(kind), tgt=vector_fold(kind, start="identity-only"), ret="{S}",
             expected="refuted", why="the initial value is not folded in")
        for kind in INT_KINDS.values()
    ]
    return rules


SMALL_INT_TYPES = ("<2 x i8>", "<4 x i8>", "<4 x i32>", "<2 x i64>")


def _fp_rules() -> list[Rule]:
    rules = []
    for name in ("fadd", "fmul"):
        kind = FP_KINDS[name]
        for flags in FP_FLAG_SETS:
            rules.append(Rule(
                f"reduction.{name}.{flags.replace(' ', '-')}", NAME,
                f"scalar {name} {flags} fold -> vector {name} {flags} accumulator (identity "
                f"{kind.identity}, init in lane 0), {kind.reduce} {flags}",
                FP_TYPES, _params, src=scalar_fold(kind, flags), tgt=vector_fold(kind, flags), ret="{S}",
                checker=check_reassociation,
                why="decided by the reassociation model (reassoc is not in the IEEE semantics)",
            ))
    fadd = FP_KINDS["fadd"]
    rules.append(Rule(
        "reduction.fadd.ordered-reassociated", NAME,
        "scalar fadd fold (no reassoc) -> vector fadd accumulators, lanes folded in order",
        # (at double the solver finds no counterexample in its time: wrong at any width)
        ("<2 x half>", "<2 x float>"), _params, src=scalar_fold(fadd), tgt=ordered_lanes_fold(fadd),
        ret="{S}", requires=(FP_SEMANTICS,), expected="refuted",
        why="floating-point addition is not associative: the accumulators add in another order",
    ))
    for name in ("fmin", "fmax"):
        kind = FP_KINDS[name]
        for flags in FP_MINMAX_FLAG_SETS:
            starts = ("splat",) if "ninf" in flags else ("identity", "splat")
            rules += [_fp_minmax(kind, flags, start) for start in starts]
    return rules


def _fp_minmax(kind: Kind, flags: str, start: str) -> Rule:
    started = f"(identity {kind.identity}, init in lane 0)" if start == "identity" else "(init in every lane)"
    return Rule(
        f"reduction.{kind.name}.{flags.replace(' ', '-')}" + ("" if start == "identity" else ".splat-init"), NAME,
        f"scalar {kind.intrinsic} {flags} fold -> vector {kind.intrinsic} {flags} accumulator {started}, "
        f"{kind.reduce} {flags}",
        FP_TYPES, _params, src=scalar_fold(kind, flags), tgt=vector_fold(kind, flags, start=start), ret="{S}",
        requires=(FP_SEMANTICS,), checker=check_with_laws(laws(kind, flags)),
        why="without NaNs minnum/maxnum are associative, commutative and idempotent (-0.0 orders "
            "below +0.0): the laws are proved in IEEE arithmetic at the element type, the fold by "
            "the reassociation model",
    )


RULES = _int_rules() + _fp_rules()

TRANSFORM = Transform(
    NAME,
    "Reductions of the loop vectorizer: the vector accumulator (identity, init in lane 0) "
    "folded by llvm.vector.reduce.* equals the scalar fold, with the flags each keeps "
    "(rules the loop vectorizer applies; proved by `vecverify prove`, not applied alone)",
    RULES,
    fuzzed=False,
)
