"""The reassociation model: decides reduction rules whose justification is that the
operation may be reassociated and commuted, and its identity dropped.

For fadd/fmul the licence is the ``reassoc`` fast-math flag, which the IEEE semantics does
not model (it reports it unsupported): ``reassoc`` allows any reassociation (and
commutation) of a chain of such operations and dropping the identity (-0.0 for fadd, 1.0
for fmul); each such evaluation, computed in IEEE arithmetic with the operations' other
flags, is one the source allows. For the integer min/max intrinsics the licence is
their algebra: associativity (both ways), commutativity and the identity (both ways) are
proved at the element type by the refinement check itself (undef and poison operands
included) before the model is trusted; every leaf is used once on each side, so undef
choices cannot tell the two apart.

So a target refines a source when both are trees of the *same* operation carrying the
*same* flags, over the same leaves, each as often: in the free commutative monoid on the
leaves, the two values are equal. min/max are idempotent as well (a law proved like the
others): for them a lane is the *set* of its leaves, so a vector phi started with the
initial value in every lane (LLVM's start for min/max) is in the model. That is what this model computes, exactly: every lane
is the multiset of its leaves (arguments' lanes and constants other than the identity),
and the verdict compares the multisets of the returned lanes.

Only straight-line code of extractelement, insertelement, shufflevector, the operation
and its ``llvm.vector.reduce`` is modelled, with compares of constants and selects by
constant lanes (a tail-folded loop's masked operand, its mask fixed by a case split); anything else (another operation, fadd/fmul
without reassoc, a second opcode or other flags) is reported unsupported, so a rule
outside the model never gets a verdict from it.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from vecverify.checker import check_pair
from vecverify.ir.function import Function
from vecverify.ir.types import FloatType, VectorType
from vecverify.ir.values import (
    Argument,
    BinOp,
    Call,
    ConstFloat,
    ConstInt,
    ConstPoison,
    ConstVector,
    ExtractElement,
    ICmp,
    InsertElement,
    Instruction,
    Ret,
    Select,
    ShuffleVector,
    Value,
)
from vecverify.llvm import parse_module
from vecverify.refine import Verdict
from vecverify.semantics.core import intrinsic_base_name

_FLOAT_IDENTITY = {  # -0.0 for fadd, 1.0 for fmul, per width
    "fadd": {16: 0x8000, 32: 0x80000000, 64: 0x8000000000000000},
    "fmul": {16: 0x3C00, 32: 0x3F800000, 64: 0x3FF0000000000000},
}
# The integer min/max identities at width w.
_INT_IDENTITY = {
    "smin": lambda w: (1 << (w - 1)) - 1, "smax": lambda w: 1 << (w - 1),
    "umin": lambda w: (1 << w) - 1, "umax": lambda w: 0,
}
_FLOAT_IDENTITY.update({  # +inf for fmin, -inf for fmax (laws proved under nnan nsz)
    "fmin": {16: 0x7C00, 32: 0x7F800000, 64: 0x7FF0000000000000},
    "fmax": {16: 0xFC00, 32: 0xFF800000, 64: 0xFFF0000000000000},
})
# min/max are idempotent too (their laws include it): a leaf used twice counts once, so a
# vector phi started with the initial value in every lane is in the model.
IDEMPOTENT = frozenset({*_INT_IDENTITY, "fmin", "fmax"})
_REDUCE = {f"llvm.vector.reduce.{k}": k for k in ("fadd", "fmul", "fmin", "fmax", *_INT_IDENTITY)}
_INTRINSIC = {**{f"llvm.{k}": k for k in _INT_IDENTITY}, "llvm.minnum": "fmin", "llvm.maxnum": "fmax"}

Leaves = Counter  # a lane: the multiset of its leaves; None: a poison lane
Lanes = list[Any]


class _Outside(Exception):
    """The code is outside the model (reported unsupported)."""


class _Evaluator:
    def __init__(self, drop_identity: bool = True) -> None:
        self.drop_identity = drop_identity
        self.op: str | None = None
        self.flags: frozenset[str] | None = None
        self.identity: int | None = None  # its bits at the element type
        self.values: dict[int, Lanes] = {}

    def operation(self, op: str, flags: frozenset[str], where: str) -> None:
        if op in ("fadd", "fmul") and "reassoc" not in flags:
            raise _Outside(f"{where}: {op} without reassoc")
        if self.op not in (None, op):
            raise _Outside(f"{where}: both {self.op} and {op}")
        if self.flags not in (None, flags):
            raise _Outside(f"{where}: fast-math flags {sorted(flags)} differ from {sorted(self.flags or ())}")
        self.op, self.flags = op, flags

    def element(self, t: Any) -> None:
        """The element type fixes the identity's bits."""
        e = _element(t)
        assert self.op is not None
        w = e.bits
        self.identity = _FLOAT_IDENTITY[self.op][w] if self.op in _FLOAT_IDENTITY else _INT_IDENTITY[self.op](w)

    def lanes(self, v: Value) -> Lanes:
        if id(v) in self.values:
            return self.values[id(v)]
        if isinstance(v, Argument):
            if isinstance(v.type, VectorType):
                return [Counter({(v.name, i): 1}) for i in range(v.type.count)]
            return [Counter({(v.name,): 1})]
        if isinstance(v, ConstPoison):
            return [None] * (v.type.count if isinstance(v.type, VectorType) else 1)
        if isinstance(v, ConstVector):
            return [self.lanes(e)[0] for e in v.elems]
        if isinstance(v, ConstFloat):
            return [Counter({("const", v.bits): 1})]
        if isinstance(v, ConstInt):
            return [Counter({("const", v.value): 1})]
        raise _Outside(f"operand {v} is not modelled")

    def identity_free(self, lane: Any) -> Any:
        """Drop the identity constant (its bits depend on the operation, known once the
        first operation is seen)."""
        if lane is None or self.op is None or not self.drop_identity:
            return lane
        return Counter({k: n for k, n in lane.items() if k[0] != "const" or k[1] != self.identity})

    def combine(self, lanes: list[Any]) -> Any:
        if any(x is None for x in lanes):
            return None  # poison in, poison out
        total: Counter = Counter()
        for x in lanes:
            total += self.identity_free(x)
        if self.op in IDEMPOTENT:  # op(a, a) = a: a set of leaves
            total = Counter(dict.fromkeys(total, 1))
        return total

    def run(self, fn: Function) -> Lanes:
        if len(fn.blocks) != 1:
            raise _Outside(f"@{fn.name}: more than one block")
        for inst in fn.blocks[0].instructions:
            where = f"@{fn.name}: %{inst.name}" if inst.name else f"@{fn.name}"
            if isinstance(inst, Ret):
                if not inst.operands:
                    raise _Outside(f"{where}: returns nothing")
                return [self.identity_free(x) for x in self.lanes(inst.operands[0])]
            self.values[id(inst)] = self.step(inst, where)
        raise _Outside(f"@{fn.name}: no return")

    def step(self, inst: Instruction, where: str) -> Lanes:
        ops = inst.operands
        if isinstance(inst, ExtractElement):
            return [self.lanes(ops[0])[_index(ops[1], where)]]
        if isinstance(inst, InsertElement):
            out = list(self.lanes(ops[0]))
            out[_index(ops[2], where)] = self.lanes(ops[1])[0]
            return out
        if isinstance(inst, ShuffleVector):
            both = self.lanes(ops[0]) + self.lanes(ops[1])
            return [None if m is None else both[m] for m in inst.mask]
        if isinstance(inst, Call) and _base(inst.callee) == "llvm.assume":
            return []  # (a rule's preconditions: the model's verdict holds for every input)
        if isinstance(inst, ICmp):
            # A compare of constants (a mask whose lanes a case split fixed): constant
            # lanes; of anything else (a precondition): no value, a select by it is outside.
            a, b = self.lanes(ops[0]), self.lanes(ops[1])
            bits = _element(ops[0].type).bits
            try:
                return [Counter({("const", int(_compare(inst.pred, _constant(x, where), _constant(y, where),
                                                        bits))): 1}) for x, y in zip(a, b, strict=True)]
            except _Outside:
                return [None] * len(a)
        if isinstance(inst, Select):
            # A select by constant lanes picks leaves (tail folding's masked operand).
            cond, on, off = (self.lanes(op) for op in ops)
            if len(cond) != len(on):
                raise _Outside(f"{where}: a select of vectors by a scalar condition")
            return [x if _constant(c, where) & 1 else y for c, x, y in zip(cond, on, off, strict=True)]
        binary = None
        if isinstance(inst, BinOp) and inst.op in _FLOAT_IDENTITY and isinstance(_element(inst.type), FloatType):
            binary = inst.op
        elif isinstance(inst, Call) and _base(inst.callee) in _INTRINSIC and len(ops) == 2:
            binary = _INTRINSIC[_base(inst.callee)]
        if binary is not None:
            self.operation(binary, getattr(inst, "flags", frozenset()), where)
            self.element(inst.type)
            a, b = self.lanes(ops[0]), self.lanes(ops[1])
            return [self.combine([x, y]) for x, y in zip(a, b, strict=True)]
        if isinstance(inst, Call) and _base(inst.callee) in _REDUCE:
            self.operation(_REDUCE[_base(inst.callee)], inst.flags, where)
            self.element(inst.type)
            return [self.combine([lane for op in ops for lane in self.lanes(op)])]
        raise _Outside(f"{where}: {getattr(inst, 'opcode', type(inst).__name__)} is not modelled")


def _element(t: Any) -> Any:
    return t.elem if isinstance(t, VectorType) else t


def _constant(lane: Any, where: str) -> int:
    """The integer constant a lane holds (not a leaf, not poison)."""
    if lane is None or len(lane) != 1 or next(iter(lane))[0] != "const" or sum(lane.values()) != 1:
        raise _Outside(f"{where}: a condition that is not a constant")
    return int(next(iter(lane))[1])


_UNSIGNED = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "ult": lambda a, b: a < b,
             "ule": lambda a, b: a <= b, "ugt": lambda a, b: a > b, "uge": lambda a, b: a >= b}


def _compare(pred: str, a: int, b: int, bits: int) -> bool:
    mask = (1 << bits) - 1
    if pred in _UNSIGNED:
        return _UNSIGNED[pred](a & mask, b & mask)
    sa, sb = (((x & mask) ^ (1 << (bits - 1))) for x in (a, b))  # signed order as unsigned
    return _UNSIGNED["u" + pred[1:]](sa, sb)


def _index(v: Value, where: str) -> int:
    if not isinstance(v, ConstInt):
        raise _Outside(f"{where}: a variable lane index")
    return v.value


def _base(callee: str) -> str:
    return intrinsic_base_name(callee)


def _show(lane: Any) -> str:
    if lane is None:
        return "poison"
    parts = []
    for key, n in sorted(lane.items(), key=str):
        leaf = f"%{key[0]}" + (f"[{key[1]}]" if len(key) > 1 else "") if key[0] != "const" else f"const {key[1]:#x}"
        parts += [leaf] * n
    return " . ".join(parts) or "identity"


def check_reassociation(src: Function, tgt: Function, options: Any = None, drop_identity: bool = True) -> Verdict:
    """Whether ``tgt`` is a reassociation of ``src`` (see the module text); without
    ``drop_identity`` the identity constant is a leaf like any other."""
    model = _Evaluator(drop_identity)
    try:
        a = model.run(src)
        model.values.clear()
        b = model.run(tgt)
    except _Outside as e:
        return Verdict("unsupported", detail=f"outside the reassociation model: {e}")
    for lane, (x, y) in enumerate(zip(a, b, strict=True)):
        if x is None:
            continue  # a poison source lane: anything refines it
        if y is None:
            return Verdict("incorrect", error="Target is more poisonous than source",
                           detail=f"lane {lane}: the target is poison")
        if len(model.identity_free(x)) < 2:
            return Verdict("unsupported",
                           detail=f"outside the reassociation model: lane {lane} folds fewer than two values")
        if model.identity_free(x) != model.identity_free(y):
            return Verdict("incorrect", error="Value mismatch",
                           detail=f"lane {lane}: source folds {_show(x)}, target folds {_show(y)}")
    return Verdict("correct", detail="reassociation model")


# ----------------------------------------------------------------------------- laws

# Each law as a refinement in one direction, over %a, %b, %c and the identity {e}; both
# directions are stated, so each is an equality the model may use either way. The
# identity is only ever dropped next to another operand (every lane the model compares
# folds at least two leaves), which is what nnan needs: op(%a, +inf) alone may be poison
# where %a is not.
# Right-to-left associativity follows from these two: op(a, op(b, c)) -> op(op(b, c), a)
# -> op(b, op(c, a)) -> op(op(c, a), b) -> op(c, op(a, b)) -> op(op(a, b), c), each step
# commutativity or left-to-right associativity (refinement is transitive and a congruence
# on this straight-line code).
_LAWS = {
    "associative": ("op(op(%a, %b), %c)", "op(%a, op(%b, %c))"),
    "commutative": ("op(%a, %b)", "op(%b, %a)"),
}
_IDENTITY_LAWS = {
    "identity absorbed": ("op(op(%a, {e}), %b)", "op(%a, %b)"),
    "identity inserted": ("op(%a, %b)", "op(op(%a, {e}), %b)"),
}
_IDEMPOTENCE = {  # in context too (nnan: op(%a, %a) alone may be poison where %a is not)
    "idempotent": ("op(op(%a, %a), %b)", "op(%a, %b)"),
    "idempotent, duplicated": ("op(%a, %b)", "op(op(%a, %a), %b)"),
}


@dataclass(frozen=True)
class Laws:
    """An intrinsic ``llvm.<name>`` with ``flags``, the model's operation ``op`` and its
    identity as IR text at an element type."""

    op: str
    intrinsic: str
    flags: str
    identity: Callable[[str], str] | None  # None: no identity (ninf: +-inf is poison)

    def laws(self) -> dict[str, tuple[str, str]]:
        return {**_LAWS, **(_IDENTITY_LAWS if self.identity else {}),
                **(_IDEMPOTENCE if self.op in IDEMPOTENT else {})}

    def call(self, dest: str, t: str, a: str, b: str) -> str:
        flags = f"{self.flags} " if self.flags else ""
        suffix = {"half": "f16", "float": "f32", "double": "f64"}.get(t, t)
        return f"{dest} = call {flags}{t} @{self.intrinsic}.{suffix}({t} {a}, {t} {b})"

    def body(self, expr: str, t: str) -> str:
        """``op(op(%a, %b), %c)`` as instructions computing %r."""
        lines: list[str] = []

        def emit(e: str) -> str:
            e = e.strip()
            if not e.startswith("op("):
                return e
            inner, depth, cut = e[3:-1], 0, -1
            for i, ch in enumerate(inner):
                depth += (ch == "(") - (ch == ")")
                if ch == "," and depth == 0:
                    cut = i
                    break
            a, b = emit(inner[:cut]), emit(inner[cut + 1:])
            lines.append(self.call(f"%t{len(lines)}", t, a, b))
            return f"%t{len(lines) - 1}"

        lines.append(f"%r = bitcast {t} {emit(expr)} to {t}")  # a no-op copy naming the result %r
        return "\n".join(f"  {ln}" for ln in lines)

    def obligation(self, element: str, law: str) -> str:
        """The IR pair stating one law at ``element``."""
        e = self.identity(element) if self.identity else ""
        src, tgt = (x.replace("{e}", e) for x in self.laws()[law])
        params = ", ".join(f"{element} %{x}" for x in "abc")
        return (f"define {element} @src({params}) {{\n{self.body(src, element)}\n  ret {element} %r\n}}\n\n"
                f"define {element} @tgt({params}) {{\n{self.body(tgt, element)}\n  ret {element} %r\n}}\n")


LawKey = tuple[str, str, str, str, str, str]
_PROVED: dict[LawKey, Verdict] = {}


def law_key(laws: Laws, element: str, law: str) -> LawKey:
    # the identity's text, not the lambda (a wrong identity is another law)
    return (laws.op, laws.intrinsic, laws.flags, laws.identity(element) if laws.identity else "", element, law)


# A law is proved once (per process; `vecverify prove` proves each once per run) for
# every rule standing on it, so it gets more time than one query: the minnum/maxnum laws
# under nsz take the solver tens of seconds at float.
LAW_TIMEOUT_FACTOR = 6


def prove_law(laws: Laws, element: str, law: str, options: Any) -> Verdict:
    """One law at ``element``, proved by the refinement check with ``LAW_TIMEOUT_FACTOR``
    times the options' time limit (cached per process)."""
    key = law_key(laws, element, law)
    if key not in _PROVED:
        mod = parse_module(laws.obligation(element, law), f"<law {law} of {laws.intrinsic} at {element}>")
        src, tgt = mod.functions["src"], mod.functions["tgt"]
        longer = dataclasses.replace(options, timeout_ms=options.timeout_ms * LAW_TIMEOUT_FACTOR)
        if uses_each_argument_once(tgt):
            longer = dataclasses.replace(longer, undef_inputs=False)  # (see the function's text)
        _PROVED[key] = check_pair(src, tgt, longer)
    return _PROVED[key]


def uses_each_argument_once(tgt: Function) -> bool:
    """Whether ``tgt`` uses each argument at most once (as one operand of one
    instruction). Then its refinement of a source holds for undef arguments once it holds
    for defined (and poison) ones: an undef argument takes a fresh value at each use
    (semantics/inputs.py), so with one use the target's behaviours on it are the union,
    over defined values v, of its behaviours on v; each of those is one of the source's on
    v (proved), and the source on undef may take v at every use. (Used twice, the target
    may see two values where the source sees one: no such conclusion.) The undef query,
    the hardest of a law's, is then not needed: the minnum/maxnum laws at double took
    the solver tens of seconds each."""
    seen: set[int] = set()
    for inst in tgt.instructions():
        for op in inst.operands:
            if isinstance(op, Argument):
                if id(op) in seen:
                    return False
                seen.add(id(op))
    return True


def remember_proved(keys: list[LawKey]) -> None:
    """Laws another process proved (``vecverify prove`` proves them once, before the
    rules that stand on them): only proofs are passed on, so a law that was not proved
    is checked again here and its verdict (a counterexample, say) is this process's."""
    for key in keys:
        _PROVED.setdefault(key, Verdict("correct"))


def laws_hold(laws: Laws, element: str, options: Any) -> Verdict:
    """Every law at ``element``, proved by the refinement check (cached per process)."""
    for law in laws.laws():
        v = prove_law(laws, element, law, options)
        if v.status != "correct":
            out = copy.copy(v)
            out.detail = f"law '{law}' of {laws.intrinsic} {laws.flags} at {element}: {v.detail or v.error or v.status}"
            return out
    return Verdict("correct")


@dataclass(frozen=True)
class LawChecker:
    """A checker for reductions of an intrinsic: its laws proved at the element type,
    then the reassociation model."""

    laws: Laws

    def __call__(self, src: Function, tgt: Function, options: Any = None) -> Verdict:
        proved = laws_hold(self.laws, str(_element(src.ret_type)), options)
        if proved.status != "correct":
            return proved
        return check_reassociation(src, tgt, options, drop_identity=self.laws.identity is not None)


def check_with_laws(laws: Laws) -> LawChecker:
    return LawChecker(laws)
