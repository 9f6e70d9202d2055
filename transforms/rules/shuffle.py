"""Shuffle merging (SLP-M section 2.1): lanes computing two different operations (or
copying an input) are computed as whole-vector operations blended by one
shufflevector. The source is the scalar code the vectorizer starts from (lanes taken
apart with extractelement, rebuilt with insertelement); the target is the vector code.

A float lane that just copies X is served by such a blend, not by ``X * 1.0`` (which is
not a refinement because of NaN payloads); the identity shuffle is a refinement.
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import FP_SEMANTICS, Param, Rule, Transform, TypeInfo

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


def _scalar_code(even: str, odd: str) -> Callable[[TypeInfo], str]:
    """Lane i = a_i op_i b_i, built into a vector with insertelement."""

    def body(t: TypeInfo) -> str:
        lines, prev = [], "poison"
        for i in range(t.lanes):
            lines.append(f"%s{i} = {_alt_op(even, odd)(i)} {t.scalar} %a{i}, %b{i}")
            dest = "%r" if i == t.lanes - 1 else f"%v{i}"
            lines.append(f"{dest} = insertelement {t.name} {prev}, {t.scalar} %s{i}, i32 {i}")
            prev = dest
        return "\n".join(lines)

    return body


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


def _identity(t: TypeInfo) -> str:
    return f"%r = shufflevector {t.name} %a, {t.name} poison, {_mask(t, lambda i: i)}"


def _rules() -> list[Rule]:
    fp = (FP_SEMANTICS,)
    return [
        _alternate("add", "sub", INT_VECTORS),
        _alternate("sub", "mul", INT_VECTORS),
        _alternate("fadd", "fsub", FP_VECTORS, fp),
        _alternate("fsub", "fmul", FP_VECTORS, fp),
        _copy_lanes("add", COPY_INT_VECTORS),
        _copy_lanes("fmul", FP_VECTORS, fp),
        Rule(
            "shuffle.identity", NAME, "X -> shufflevector X, poison, <0, 1, ..., N-1>",
            INT_VECTORS + FP_VECTORS, (Param("a"),), src="%r = bitcast {T} %a to {T}", tgt=_identity,
        ),
    ]


TRANSFORM = Transform(
    NAME,
    "Merge lanes of two different operations (alternate opcodes) or copied lanes into "
    "vector operations blended by one shufflevector; applied by the vectorizer when it "
    "builds a group, so apply() itself declines",
    _rules(),
)
