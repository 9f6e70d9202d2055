"""SLP-M: making a bundle of non-isomorphic lanes isomorphic (seed 001, section 3).

A bundle is one value per lane. When its lanes are not all the same operation, SLP-M
picks a *base instruction* (the lane with the most matching nodes against the others,
counting nodes that binary replacement can turn into a match; ties go to the earlier
lane), then for every other lane the *pattern* that best turns it into the base's
operation: as written, commuted (LSLP), binary replacement (Table 2), extension
``X -> X op identity`` (Table 1; integers only), or, for floats and for operations
without an identity, a *copy lane* blended in after the vector operation. The choice
is by score (the paper's functions 1-3): a pattern scores its own layer (1 for a
match, a commuted or replaced operation; 0 for an extension or copy) plus the scores of
its operand pairs, recursively, down to a depth limit. A bundle of exactly two binary
operations may instead be merged with a shuffle (alternate opcodes); the better score
wins, the blend's shuffle counted against it.

Every rewrite of a lane comes from a rule of the registered transforms (``rewrite``
functions of holding rules, and the proved identity table of ``extension``), and the
rule's name is recorded with the lane: the proofs in ``vecverify prove`` cover exactly
what the vectorizer does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from transforms.plugins import accepted
from transforms.rules import rule_transforms
from transforms.rules.extension import INT_IDENTITY
from transforms.vectorize.address import access_of
from vecverify.ir.types import FloatType, IntType, Type, VectorType
from vecverify.ir.values import (
    BinOp,
    Call,
    Cast,
    Constant,
    ConstFloat,
    ConstVector,
    FCmp,
    ICmp,
    Instruction,
    Load,
    Value,
    int_constant,
)
from vecverify.semantics.core import intrinsic_base_name

FAMILIES = ("reorder", "replacement", "extension", "shuffle")
COMMUTATIVE = frozenset({"add", "mul", "and", "or", "xor", "fadd", "fmul"})
# Computing one of these on a lane that did not ask for it can be UB (x / 0): never in
# an alternate-opcode pair, and never the base of copy lanes with a made-up operand
# other than 1.
TRAPPING = frozenset({"udiv", "sdiv", "urem", "srem"})
SHUFFLE_PENALTY = 1
# Multiply-adds that vectorize as a call of the vector intrinsic (lane-wise, pure).
FMA_CALLS = ("llvm.fmuladd", "llvm.fma")


def fma_call(v: Value) -> str | None:
    """``llvm.fmuladd``/``llvm.fma`` for a call of one of them, else None."""
    if isinstance(v, Call) and v.callee.startswith("llvm."):
        base = intrinsic_base_name(v.callee)
        return base if base in FMA_CALLS else None
    return None


@dataclass(frozen=True)
class LaneForm:
    """How one lane is computed by the bundle's vector operation."""

    op: str  # a binary opcode, or an intrinsic of FMA_CALLS (three operands)
    operands: tuple[Value, ...]
    flags: frozenset[str]
    rule: str | None = None  # the rule that justifies the rewrite (None: as written)
    copy: bool = False  # the lane's value is operands[0]: blended in after the operation
    single: int = 1  # the paper's single-layer score of this pattern
    # New instructions the rule made for the lane's operands (SN-SLP: (a - b) - c becomes
    # (a - c) - b, with a new a - c): not in the function; emitted if gathered.
    virtual: tuple[Instruction, ...] = ()


@dataclass
class BundlePlan:
    """``kind`` "op": one operation ``op`` on every lane (``forms``); "alt": two
    operations ``ops`` blended, lane i computed by ``forms[i].op``."""

    kind: str
    forms: list[LaneForm]
    score: int
    ops: tuple[str, ...] = ()
    base: int = 0

    @property
    def rules(self) -> list[str]:
        return [f.rule for f in self.forms if f.rule]


@cache
def _rewrite_rules() -> tuple[tuple[str, object], ...]:
    """(name, rewrite) of every holding rule that rewrites one instruction into one
    instruction, from the rule transforms and the third-party ones, in the registry's
    order (the vectorizers, which the registry lists between them, have no rewrites)."""
    out = []
    rules = rule_transforms()
    for t in rules + accepted(rules):
        for r in t.rules:
            if r.rewrite is not None and r.expected == "holds":
                out.append((f"{t.name}:{r.name}", r.rewrite))
    return tuple(out)


def _family(rule: str) -> str:
    return rule.split(":", 1)[0]


def _int_const(t: Type, value: int) -> Constant:
    return int_constant(t, value)


@dataclass
class Isomorphizer:
    max_depth: int = 20
    families: frozenset[str] = frozenset(FAMILIES)
    _memo: dict[tuple[int, int], int] = field(default_factory=dict)

    # ------------------------------------------------------------------ patterns

    def replacements(self, y: BinOp, op: str) -> list[LaneForm]:
        """``y`` rewritten into an ``op`` instruction by a rule: one instruction (commute,
        replacement), or an ``op`` over a new operand instruction (SN-SLP rearrangements)."""
        out = []
        for name, rewrite in _rewrite_rules():
            if _family(name) not in self.families:
                continue
            new = rewrite(y)  # type: ignore[operator]
            if not new or len(new) > 2 or not isinstance(new[-1], BinOp) or new[-1].op != op:
                continue
            b = new[-1]
            if len(new) == 2 and not any(o is new[0] for o in b.operands):
                continue
            out.append(LaneForm(op, (b.operands[0], b.operands[1]), b.flags, name.split(":", 1)[1],
                                virtual=tuple(new[:-1])))
        return out

    def forms(self, base: BinOp, y: Value) -> list[LaneForm]:
        """Every candidate pattern turning lane ``y`` into ``base.op``."""
        if y.type != base.type:
            return []
        op = base.op
        out: list[LaneForm] = []
        if isinstance(y, BinOp) and y.op == op:
            out.append(LaneForm(op, (y.operands[0], y.operands[1]), y.flags))
        if isinstance(y, BinOp) and ("reorder" in self.families or "replacement" in self.families):
            out += self.replacements(y, op)
        if not out:
            out += self._extensions(op, y)
        return out

    def _extensions(self, op: str, y: Value) -> list[LaneForm]:
        t = y.type
        scalar = t.elem if isinstance(t, VectorType) else t
        if isinstance(scalar, IntType) and op in INT_IDENTITY and "extension" in self.families:
            ident, flags = INT_IDENTITY[op]
            form = [LaneForm(op, (y, _int_const(t, ident)), flags, f"ext.{op}", single=0)]
            if op in COMMUTATIVE:
                form.append(LaneForm(op, (_int_const(t, ident), y), frozenset(), f"ext.{op}.commuted", single=0))
            return form
        if "shuffle" in self.families and (isinstance(scalar, FloatType) or isinstance(scalar, IntType)):
            # A copy lane: the operation runs on (y, 1) (never UB: 1 is a safe divisor)
            # and the lane takes y back from the operand vector.
            one = _one(t)
            return [LaneForm(op, (y, one), frozenset(), "shuffle.copy-blend", copy=True, single=0)]
        return []

    # ------------------------------------------------------------------ scores

    def score_pair(self, x: Value, y: Value, depth: int = 0) -> int:
        """The whole score of vectorizing ``x`` and ``y`` in one lane group (function 2)."""
        if depth >= self.max_depth:
            return 0
        key = (id(x), id(y))
        if key in self._memo:
            return self._memo[key]
        self._memo[key] = 0  # cycles cannot happen in SSA, but be safe
        s = self._score_pair(x, y, depth)
        self._memo[key] = s
        return s

    def _score_pair(self, x: Value, y: Value, depth: int) -> int:
        if x is y:
            return 1
        if isinstance(x, Constant) and isinstance(y, Constant):
            return 1
        if isinstance(x, Load) and isinstance(y, Load):
            return 1 if loads_match(x, y) else 0
        if isinstance(x, BinOp):
            return max((self.form_score(x, f, depth) for f in self.forms(x, y)), default=0)
        if fma_call(x) is not None and fma_call(y) == fma_call(x) and x.type == y.type:
            assert isinstance(x, Call) and isinstance(y, Call)
            return 1 + sum(self.score_pair(a, b, depth + 1) for a, b in zip(x.operands, y.operands, strict=True))
        if isinstance(x, Instruction) and isinstance(y, Instruction) and _same_shape(x, y):
            return 1 + sum(self.score_pair(a, b, depth + 1) for a, b in zip(x.operands, y.operands, strict=True))
        return 0

    def form_score(self, base: Instruction, form: LaneForm, depth: int) -> int:
        """Function 3: this layer's score plus the operand pairs' whole scores."""
        return form.single + sum(
            self.score_pair(b, o, depth + 1) for b, o in zip(base.operands, form.operands, strict=False)
        )

    def match_count(self, x: Value, y: Value, depth: int = 0) -> int:
        """Matching nodes of x and y (same operation, or one replacement away), for the
        choice of the base instruction (section 3.2)."""
        if depth >= self.max_depth:
            return 0
        if isinstance(x, Load) and isinstance(y, Load):
            return 1 if loads_match(x, y) else 0
        if not (isinstance(x, BinOp) and isinstance(y, BinOp)) or x.type != y.type:
            return 0
        candidates = self.replacements(y, x.op) if y.op != x.op else [
            LaneForm(x.op, (y.operands[0], y.operands[1]), y.flags)]
        best = 0
        for f in candidates:
            best = max(best, 1 + sum(self.match_count(a, b, depth + 1) for a, b in zip(x.operands, f.operands, strict=True)))
        return best

    # ------------------------------------------------------------------ plans

    def base_lane(self, bundle: list[Value]) -> int | None:
        """The lane with the most matching nodes against the others (earliest on ties)."""
        best, best_lane = -1, None
        for i, x in enumerate(bundle):
            if not isinstance(x, BinOp):
                continue
            total = sum(self.match_count(x, y) for j, y in enumerate(bundle) if j != i)
            if total > best:
                best, best_lane = total, i
        return best_lane

    def plan(self, bundle: list[Value]) -> BundlePlan | None:
        """Function 1 (pattern_selection): the best way to compute ``bundle`` as one vector
        operation (or two blended), or None when no pattern makes sense."""
        if any(fma_call(v) is not None for v in bundle):
            return self._fma_plan(bundle)
        b = self.base_lane(bundle)
        if b is None:
            return None
        base = bundle[b]
        assert isinstance(base, BinOp)
        forms: list[LaneForm] = []
        total = 0
        for i, y in enumerate(bundle):
            if i == b:
                forms.append(LaneForm(base.op, (base.operands[0], base.operands[1]), base.flags))
                continue
            candidates = self.forms(base, y)
            if not candidates:
                return None
            scored = [(self.form_score(base, f, 0), -k, f) for k, f in enumerate(candidates)]
            s, _, f = max(scored, key=lambda t: (t[0], t[1]))
            forms.append(f)
            total += s
        iso = BundlePlan("op", forms, total, (base.op,), b)
        alt = self._alternate(bundle)
        if alt is not None and (alt.score > iso.score or any(f.single == 0 for f in forms) and alt.score >= iso.score):
            return alt
        if all(f.rule is None for f in forms) or total > 0:
            return iso
        return None

    def _fma_plan(self, bundle: list[Value]) -> BundlePlan | None:
        """Lanes that are calls of one multiply-add intrinsic: one vector call. Lanes that
        mix it with ``fmul`` (clang contracts ``a * b + c`` but not a lone ``a * b``):
        shuffle merging, the vector call and a vector fmul blended, each lane's a * b
        in the same operand order as the first call's (an fmul is commuted, LSLP, when
        that matches better). fmul a, b is not written as fmuladd(a, b, -0.0): true, but
        beyond the solver (see the shuffle rules)."""
        calls = [v for v in bundle if fma_call(v) is not None]
        base = calls[0]
        op = fma_call(base)
        assert op is not None and isinstance(base, Call)
        if len({v.type for v in bundle}) != 1 or base.flags:
            return None  # fast-math flags: not modelled by the blend's rule
        if all(fma_call(v) == op for v in bundle):
            forms = [LaneForm(op, tuple(v.operands), v.flags) for v in bundle if isinstance(v, Call)]
            score = sum(self.form_score(base, f, 0) for f in forms[1:])
            return BundlePlan("op", forms, score, (op,), bundle.index(base))
        if "shuffle" not in self.families:
            return None
        forms, total = [], -SHUFFLE_PENALTY
        blend = f"shuffle.{op.removeprefix('llvm.')}-fmul"  # the rule that proves the blend
        for y in bundle:
            if fma_call(y) == op:
                assert isinstance(y, Call)
                forms.append(LaneForm(op, tuple(y.operands), y.flags, blend))
                continue
            if not (isinstance(y, BinOp) and y.op == "fmul"):
                return None
            f = LaneForm("fmul", (y.operands[0], y.operands[1]), y.flags, single=0)
            options = [f] + [LaneForm("fmul", c.operands, c.flags, c.rule, single=0)
                             for c in self.replacements(y, "fmul") if c.rule and c.rule.startswith("commute")]
            score, f = max(((self.form_score(base, g, 0), -k, g) for k, g in enumerate(options)),
                           key=lambda t: (t[0], t[1]))[0::2]
            forms.append(f)
            total += score
        first = forms[0].op
        return BundlePlan("alt", forms, total, (first, "fmul" if first == op else op), bundle.index(base))

    def _alternate(self, bundle: list[Value]) -> BundlePlan | None:
        """Shuffle merging: exactly two binary operations, neither trapping. Every lane
        is tried as the base; a lane of a commutative operation may be commuted (LSLP) to
        match the base's operands."""
        if "shuffle" not in self.families or not all(isinstance(y, BinOp) for y in bundle):
            return None
        ops = sorted({y.op for y in bundle if isinstance(y, BinOp)})
        if len(ops) != 2 or TRAPPING & set(ops) or len({y.type for y in bundle}) != 1:
            return None
        best: BundlePlan | None = None
        for b, base in enumerate(bundle):
            assert isinstance(base, BinOp)
            forms, total = [], -SHUFFLE_PENALTY
            for i, y in enumerate(bundle):
                assert isinstance(y, BinOp)
                single = 1 if y.op == base.op else 0
                f = LaneForm(y.op, (y.operands[0], y.operands[1]), y.flags, single=single)
                if i != b:
                    options = [f] + [
                        LaneForm(y.op, c.operands, c.flags, c.rule, single=single)
                        for c in self.replacements(y, y.op) if c.rule and c.rule.startswith("commute")]
                    score, f = max(((self.form_score(base, g, 0), -k, g) for k, g in enumerate(options)),
                                   key=lambda t: (t[0], t[1]))[0::2]
                    total += score
                forms.append(f)
            if best is None or total > best.score:
                first = bundle[0]
                assert isinstance(first, BinOp)
                order = (first.op, ops[1] if ops[0] == first.op else ops[0])
                best = BundlePlan("alt", forms, total, order, b)
        return best


def loads_match(x: Load, y: Load) -> bool:
    """Two loads that may be lanes of one vector load: same type, same base object and
    the same variable part of the address (they differ by a constant)."""
    a, b = access_of(x), access_of(y)
    return x.type == y.type and a is not None and b is not None and a.address.distance(b.address) is not None


def _one(t: Type) -> Constant:
    scalar = t.elem if isinstance(t, VectorType) else t
    if isinstance(scalar, FloatType):
        bits = {16: 0x3C00, 32: 0x3F800000, 64: 0x3FF0000000000000}[scalar.bits]
        c = ConstFloat(scalar, bits)
        return ConstVector(t, tuple(c for _ in range(t.count))) if isinstance(t, VectorType) else c
    return _int_const(t, 1)


def _same_shape(x: Instruction, y: Instruction) -> bool:
    if type(x) is not type(y) or x.type != y.type or len(x.operands) != len(y.operands):
        return False
    if isinstance(x, Cast) and isinstance(y, Cast):
        return x.op == y.op and x.operands[0].type == y.operands[0].type
    if isinstance(x, ICmp | FCmp):
        return x.pred == getattr(y, "pred", None) and x.operands[0].type == y.operands[0].type
    return isinstance(x, Load)
