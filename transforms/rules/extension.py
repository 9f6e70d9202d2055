"""Extension ``X -> X op identity`` (Table 1 of the SLP-M paper): a lane that is just X
joins a group of ``op`` lanes as ``X op identity``.

For integers every entry is a refinement, with no flag and with every flag the opcode
can carry (an identity never wraps, never loses bits). For floats none is: ``fmul X,
1.0``, ``fadd X, -0.0``, ``fsub X, 0.0`` and ``fdiv X, 1.0`` return a NaN with a
nondeterministic payload (a signalling NaN X comes back quiet), and ``fadd X, 0.0``
turns X = -0.0 into +0.0. Those are refuted negative cases; a float lane that copies X
is served by a shufflevector blend instead (see the ``shuffle`` transform).
"""

from __future__ import annotations

from ..base import FLOAT_TYPES, FP_SEMANTICS, INT_TYPES, Param, Rule, Transform

NAME = "extension"

X = (Param("x"),)

# op, identity (a template constant), flags it may carry.
_INT_IDENTITIES = [
    ("add", "{c[0]}", "nsw nuw"),
    ("sub", "{c[0]}", "nsw nuw"),
    ("mul", "{c[1]}", "nsw nuw"),
    ("udiv", "{c[1]}", "exact"),
    ("sdiv", "{c[1]}", "exact"),
    ("shl", "{c[0]}", "nsw nuw"),
    ("lshr", "{c[0]}", "exact"),
    ("ashr", "{c[0]}", "exact"),
    ("or", "{c[0]}", "disjoint"),
    ("xor", "{c[0]}", ""),
    ("and", "{c[-1]}", ""),
]
# For the vectorizer: op -> (identity, the flags a lane ``X op identity`` may carry).
INT_IDENTITY: dict[str, tuple[int, frozenset[str]]] = {
    op: (int(ident[3:-2]), frozenset(flags.split())) for op, ident, flags in _INT_IDENTITIES
}

# Commutative ones also as ``identity op X``.
_COMMUTED = ("add", "mul", "or", "xor", "and")

_FP_IDENTITIES = [
    ("fmul", "{c[1.0]}"),
    ("fadd", "{c[-0.0]}"),
    ("fsub", "{c[0.0]}"),
    ("fdiv", "{c[1.0]}"),
]


def _int_rules() -> list[Rule]:
    rules = []
    for op, ident, flags in _INT_IDENTITIES:
        shown = ident.replace("{c[", "").replace("]}", "")
        variants = [("", "")] + ([(flags, "." + flags.replace(" ", "."))] if flags else [])
        for f, suffix in variants:
            rules.append(Rule(
                f"ext.{op}{suffix}", NAME, f"X -> {op} {f + ' ' if f else ''}X, {shown}",
                INT_TYPES + (("<4 x i32>",) if not f else ()), X,
                src=_copy(),
                tgt=f"%r = {op} {f} {{T}} %x, {ident}",
            ))
        if op in _COMMUTED:
            rules.append(Rule(
                f"ext.{op}.commuted", NAME, f"X -> {op} {shown}, X", INT_TYPES, X,
                src=_copy(), tgt=f"%r = {op} {{T}} {ident}, %x",
            ))
    return rules


def _copy() -> str:
    # The source returns X itself; bitcast to the same type is a no-op copy that gives
    # the body the %r the template needs.
    return "%r = bitcast {T} %x to {T}"


def _fp_rules() -> list[Rule]:
    rules = [
        Rule(
            f"ext.{op}", NAME, f"X -> {op} X, {ident[3:-2]}", FLOAT_TYPES, X,
            src=_copy(), tgt=f"%r = {op} {{T}} %x, {ident}",
            expected="refuted", requires=(FP_SEMANTICS,),
            why="a NaN X may come back with another payload (an sNaN comes back quiet)",
        )
        for op, ident in _FP_IDENTITIES
    ]
    rules.append(Rule(
        "ext.fadd.pos0", NAME, "X -> fadd X, 0.0", FLOAT_TYPES, X,
        src=_copy(), tgt="%r = fadd {T} %x, {c[0.0]}",
        expected="refuted", requires=(FP_SEMANTICS,), why="X = -0.0 gives +0.0",
    ))
    return rules


TRANSFORM = Transform(
    NAME,
    "Extend a lane X to X op identity so it joins a group of op lanes (SLP-M Table 1); "
    "applied by the vectorizer when it aligns a group, so apply() itself declines",
    _int_rules() + _fp_rules(),
)
