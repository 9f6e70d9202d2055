"""Extension ``X -> X op identity`` (Table 1 of the SLP-M paper): a lane that is just X
joins a group of ``op`` lanes as ``X op identity``.

For integers every entry is a refinement, with no flag and with every flag the opcode
can carry (an identity never wraps, never loses bits). For floats none is: ``fmul X,
1.0``, ``fadd X, -0.0``, ``fsub X, 0.0`` and ``fdiv X, 1.0`` return a NaN with a
nondeterministic payload (a signalling NaN X comes back quiet), and ``fadd X, 0.0``
turns X = -0.0 into +0.0. Those are refuted negative cases; a float lane that copies X
is served by a shufflevector blend instead (see the ``shuffle`` transform).

Applied on its own (``apply``, what fuzz campaigns exercise), the transform aligns the
lanes of a store group: the integer opcode most of the stored values compute is the
group's, and every other stored value X (a copy lane, or a lane of another opcode)
becomes ``X op identity``, with all the flags the rule allows when the group's lanes
carry flags, else none (the two proved variants).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from vecverify.ir.function import Function
from vecverify.ir.types import FloatType, IntType
from vecverify.ir.values import BinOp, ConstFloat, ConstInt, Instruction, Store, Value

from ..base import FLOAT_TYPES, FP_SEMANTICS, INT_TYPES, Param, Rule, Transform, TransformOptions
from ..mutants import INTS, Mutant

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


# Builds the extended lane: (X, op, flags) -> the instruction computing X op identity,
# or None where the table has no identity for that type.
Extend = Callable[[Value, str, frozenset[str]], Instruction | None]


def extend_with_identity(x: Value, op: str, flags: frozenset[str]) -> Instruction | None:
    """``X op identity`` by Table 1 (integers only: no float identity is a refinement)."""
    if not isinstance(x.type, IntType) or op not in INT_IDENTITY:
        return None
    return BinOp(x.type, None, [x, ConstInt(x.type, INT_IDENTITY[op][0])], op=op, flags=flags)


def rule_name(op: str, flags: frozenset[str]) -> str:
    return f"ext.{op}" + "".join(f".{f}" for f in sorted(flags, key=["nsw", "nuw", "exact", "disjoint"].index))


def extend_lanes(fn: Function, extend: Extend = extend_with_identity,
                 allowed: Callable[[str, frozenset[str]], bool] | None = None) -> Function | None:
    """A copy of ``fn`` whose stored values all compute the group's opcode (see the
    module text), or None when no stored value needs extending. ``extend`` builds the
    extended lane (the mutants pass wrong ones); ``allowed`` filters (op, flags)."""
    out = copy.deepcopy(fn)
    stores = [(b.instructions, i) for b in out.blocks for i in b.instructions if isinstance(i, Store)]
    ops = [v.op for _, st in stores if isinstance(v := st.operands[0], BinOp)]
    if not ops:
        return None
    op = Counter(ops).most_common(1)[0][0]
    lanes = [v for _, st in stores if isinstance(v := st.operands[0], BinOp) and v.op == op]
    carried = frozenset.intersection(*(v.flags for v in lanes))
    may_carry = INT_IDENTITY.get(op, (0, frozenset()))[1]
    flags = may_carry if carried & may_carry else frozenset()
    if allowed is not None and not allowed(op, flags):
        return None
    changed = False
    for insts, st in stores:
        x = st.operands[0]
        if isinstance(x, BinOp) and x.op == op:
            continue
        new = extend(x, op, flags)
        if new is None:
            continue
        insts.insert(next(k for k, i in enumerate(insts) if i is st), new)
        st.operands[0] = new
        changed = True
    return out if changed else None


@dataclass
class ExtensionTransform(Transform):
    """Applies Table 1 to the lanes of a store group (see the module text)."""

    def apply(self, fn: Function, options: Any = None) -> Function | None:
        wanted = set(options.rules) if isinstance(options, TransformOptions) and options.rules is not None else None
        return extend_lanes(fn, allowed=None if wanted is None else lambda op, f: rule_name(op, f) in wanted)


# ----------------------------------------------------------------------------- mutants
# Deliberately wrong variants (transforms/mutants.py), for the fuzz campaign to catch.


def _identity_on_the_left(x: Value, op: str, flags: frozenset[str]) -> Instruction | None:
    """``X -> 0 op X``: for sub, the negation of X."""
    if not isinstance(x.type, IntType) or op != "sub":
        return None
    return BinOp(x.type, None, [ConstInt(x.type, 0), x], op=op)


def _and_zero(x: Value, op: str, flags: frozenset[str]) -> Instruction | None:
    """``X -> and X, 0``: or's identity taken for and's."""
    if not isinstance(x.type, IntType) or op != "and":
        return None
    return BinOp(x.type, None, [x, ConstInt(x.type, 0)], op=op)


def _fadd_pos0(x: Value, op: str, flags: frozenset[str]) -> Instruction | None:
    """``X -> fadd X, +0.0``: X = -0.0 gives +0.0."""
    if not isinstance(x.type, FloatType) or op != "fadd":
        return None
    return BinOp(x.type, None, [x, ConstFloat(x.type, 0)], op=op)


def mutants() -> list[Mutant]:
    from properties.strategies import KernelProfile, fp_available  # Hypothesis: only for campaigns

    out = [
        Mutant("extension:identity-on-the-left", "extension", "X -> sub 0, X (the identity on the wrong side)",
               make=lambda fn: extend_lanes(fn, _identity_on_the_left),
               profile=KernelProfile(types=INTS, spine=("sub",), variations=("copy", "iso"), max_lanes=4,
                                     reduce_prob=0)),
        Mutant("extension:and-zero", "extension", "X -> and X, 0 (or's identity used for and)",
               make=lambda fn: extend_lanes(fn, _and_zero),
               profile=KernelProfile(types=INTS, spine=("and",), variations=("copy", "iso"), max_lanes=4,
                                     reduce_prob=0)),
    ]
    if fp_available():
        out.append(Mutant(
            "extension:fadd-pos0", "extension", "X -> fadd X, +0.0 on floats (X = -0.0 gives +0.0)",
            make=lambda fn: extend_lanes(fn, _fadd_pos0),
            profile=KernelProfile(types=("float", "double"), spine=("fadd",), variations=("copy", "iso"),
                                  max_lanes=4)))
    return out


TRANSFORM = ExtensionTransform(
    NAME,
    "Extend a lane X to X op identity so it joins a group of op lanes (SLP-M Table 1); "
    "the vectorizer applies it when it aligns a group, apply() to the lanes of a store group",
    _int_rules() + _fp_rules(),
    # Integer groups with copy lanes, missing operations and other opcodes.
    fuzz_profile={"types": INT_TYPES, "reduce_prob": 0.0,
                  "variations": ("iso", "copy", "missing", "kind", "flags")},
    mutants=mutants,
)
