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
AB = (Param("a"), Param("b"))

# What lane i of the source computes from %a{i}, %b{i}: an opcode, or None for a copy of a.
LaneOps = Callable[[int], str | None]


def _scalar_blend(lane_op: LaneOps) -> Callable[[TypeInfo], str]:
    def body(t: TypeInfo) -> str:
        lines, prev = [], "poison"
        for i in range(t.lanes):
            op = lane_op(i)
            lines.append(f"%a{i} = extractelement {t.name} %a, i32 {i}")
            if op is None:
                val = f"%a{i}"
            else:
                lines.append(f"%b{i} = extractelement {t.name} %b, i32 {i}")
                lines.append(f"%s{i} = {op} {t.scalar} %a{i}, %b{i}")
                val = f"%s{i}"
            dest = "%r" if i == t.lanes - 1 else f"%v{i}"
            lines.append(f"{dest} = insertelement {t.name} {prev}, {t.scalar} {val}, i32 {i}")
            prev = dest
        return "\n".join(lines)

    return body


def _mask(t: TypeInfo, pick: Callable[[int], int]) -> str:
    return f"<{t.lanes} x i32> <" + ", ".join(f"i32 {pick(i)}" for i in range(t.lanes)) + ">"


def _vector_blend(even: str, odd: str | None) -> Callable[[TypeInfo], str]:
    """Even lanes from ``even a, b``, odd lanes from ``odd a, b`` (or from a itself)."""

    def body(t: TypeInfo) -> str:
        second = "%a" if odd is None else "%o"
        lines = [f"%e = {even} {t.name} %a, %b"]
        if odd is not None:
            lines.append(f"%o = {odd} {t.name} %a, %b")
        pick = _mask(t, lambda i: i if i % 2 == 0 else t.lanes + i)
        lines.append(f"%r = shufflevector {t.name} %e, {t.name} {second}, {pick}")
        return "\n".join(lines)

    return body


def _alternate(even: str, odd: str | None, types: tuple[str, ...], requires: tuple[str, ...] = ()) -> Rule:
    what = f"{odd} lanes" if odd else "copies of a"
    return Rule(
        f"shuffle.{even}-{odd or 'copy'}", NAME,
        f"lanes alternating {even} and {what} -> {even} and {odd or 'a'} vectors blended by "
        "shufflevector <0, N+1, 2, N+3, ...>",
        types, AB,
        src=_scalar_blend(lambda i: even if i % 2 == 0 else odd),
        tgt=_vector_blend(even, odd),
        requires=requires,
    )


def _identity(t: TypeInfo) -> str:
    return f"%r = shufflevector {t.name} %a, {t.name} poison, {_mask(t, lambda i: i)}"


def _rules() -> list[Rule]:
    fp = (FP_SEMANTICS,)
    return [
        _alternate("add", "sub", INT_VECTORS),
        _alternate("sub", "mul", INT_VECTORS),
        _alternate("add", None, INT_VECTORS),
        _alternate("fadd", "fsub", FP_VECTORS, fp),
        _alternate("fmul", None, FP_VECTORS, fp),
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
