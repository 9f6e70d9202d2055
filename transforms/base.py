"""The transform interface: a :class:`Transform` rewrites a function; each of its
:class:`Rule` s carries the proof obligation that justifies one rewrite.

A rule's obligation is an LLVM IR module with ``@src`` and ``@tgt``, generated for one
type. The rule's operands are plain parameters (so the check tries undef and poison for
them); its *symbolic constants* are ``noundef`` parameters, and every precondition is an
``llvm.assume`` in the source: the source is UB where it is false, so the refinement
check only considers the inputs that satisfy it. The rule holds iff ``@tgt`` refines
``@src`` for every type the rule claims.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from vecverify.ir.function import Function
from vecverify.ir.values import Instruction, Value
from vecverify.llvm import parse_module

Expected = Literal["holds", "refuted"]

INT_TYPES = ("i8", "i16", "i32", "i64")
FLOAT_TYPES = ("float", "double")
FP_SEMANTICS = "vecverify.semantics.floating"

_VECTOR = re.compile(r"<\s*(?:vscale\s+x\s+)?(\d+)\s*x\s*(\w+)\s*>$")  # lanes: the minimum
_FLOAT_BITS = {"half": 16, "float": 32, "double": 64}
_FLOAT_BIAS = {"half": 15, "float": 127, "double": 1023}
_FLOAT_MBITS = {"half": 10, "float": 23, "double": 52}


# --------------------------------------------------------------------------- types


@dataclass(frozen=True)
class TypeInfo:
    """One type a rule is proved for, and what its templates need to know about it."""

    name: str  # as LLVM writes it: i32, double, <4 x i32>

    @property
    def scalar(self) -> str:
        m = _VECTOR.match(self.name)
        return m.group(2) if m else self.name

    @property
    def lanes(self) -> int:
        m = _VECTOR.match(self.name)
        return int(m.group(1)) if m else 1

    @property
    def is_vector(self) -> bool:
        return _VECTOR.match(self.name) is not None

    @property
    def scalable(self) -> bool:
        """``<vscale x N x T>``: ``lanes`` is N, the lanes at vscale 1."""
        return self.name.startswith("<vscale")

    @property
    def is_float(self) -> bool:
        return self.scalar in _FLOAT_BITS

    @property
    def width(self) -> int:
        """Bits of one lane."""
        s = self.scalar
        return _FLOAT_BITS[s] if s in _FLOAT_BITS else int(s[1:])

    def const(self, value: int | float | str) -> str:
        """A constant of this type: ``7`` for a scalar, ``splat (i32 7)`` for a vector."""
        text = _const_text(value, self.width) if not self.is_float else str(value)
        return f"splat ({self.scalar} {text})" if self.is_vector else text

    def fields(self) -> dict[str, Any]:
        """The names a rule's IR template may use (see :func:`render`)."""
        w = self.width
        return {
            "T": self.name, "S": self.scalar, "w": w, "wm1": w - 1, "wm2": w - 2, "N": self.lanes,
            "c": _Consts(self), "smin": -(1 << (w - 1)), "smax": (1 << (w - 1)) - 1,
            "I": f"i{w}",
            "bytes": self.lanes * w // 8, "align": w // 8,
            # the integer type of the same width (float bit patterns)
            # IEEE layout of float lanes: exponent bias and fraction bits.
            "bias": _FLOAT_BIAS.get(self.scalar, 0), "mbits": _FLOAT_MBITS.get(self.scalar, 0),
            "emax": _FLOAT_BIAS.get(self.scalar, 1) - 1,
        }


def _const_text(value: int | float | str, width: int) -> str:
    if isinstance(value, str):
        value = {"min": -(1 << (width - 1)), "max": (1 << (width - 1)) - 1}.get(value, value)
        value = int(value)
    v = int(value) % (1 << width)  # as LLVM prints it: signed
    return str(v - (1 << width) if v >> (width - 1) else v)


class _Consts:
    """``{c[1]}``, ``{c[-1]}``, ``{c[min]}``, ``{c[-0.0]}`` in templates: constants of the type."""

    def __init__(self, t: TypeInfo) -> None:
        self.t = t

    def __getitem__(self, key: int | str) -> str:
        return self.t.const(key)


def render(template: str | Callable[[TypeInfo], str], t: TypeInfo) -> str:
    """A template is a callable, or a ``str.format`` string over ``TypeInfo.fields``."""
    if callable(template):
        return template(t)
    return template.format(**t.fields())


# --------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class Param:
    """A parameter of the obligation: an operand (may be undef or poison), or a symbolic
    constant (``noundef``) ranging over ``lo..hi`` (inclusive; templates allowed)."""

    name: str
    type: str = "{T}"
    const: bool = False
    lo: str | int | None = None
    hi: str | int | None = None
    signed: bool = False
    attrs: str = ""  # extra parameter attributes (pointers: noalias, dereferenceable(N))

    def domain(self, t: TypeInfo) -> range | None:
        if self.lo is None or self.hi is None:
            return None
        return range(int(render(str(self.lo), t)), int(render(str(self.hi), t)) + 1)


@dataclass(frozen=True)
class Obligation:
    """The proof obligation of one rule at one type: an LLVM IR module with @src/@tgt."""

    rule: str
    type: str
    text: str
    case: tuple[tuple[str, int], ...] = ()  # symbolic constants fixed by a case split

    def functions(self) -> tuple[Function, Function]:
        mod = parse_module(self.text, f"<rule {self.rule} at {self.type}>")
        return mod.functions["src"], mod.functions["tgt"]


Rewrite = Callable[[Instruction], list[Instruction] | None]


@dataclass
class Rule:
    """One rewrite ``src => tgt`` with its claim.

    ``src``/``tgt`` are IR bodies (templates, see :func:`render`) that compute ``%r``;
    ``pre`` are i1-valued instruction templates, each assumed in the source (the domain of
    every symbolic constant is assumed too). ``rewrite``, when given, applies the rule to
    a concrete instruction (used by :meth:`Transform.apply`).
    """

    name: str
    transform: str
    description: str
    types: tuple[str, ...]
    params: tuple[Param, ...] | Callable[[TypeInfo], tuple[Param, ...]]
    src: str | Callable[[TypeInfo], str]
    tgt: str | Callable[[TypeInfo], str]
    pre: tuple[str, ...] = ()
    preconditions: str = ""  # the human statement; derived from pre/domains when empty
    expected: Expected = "holds"
    ret: str = "{T}"
    requires: tuple[str, ...] = ()  # semantics modules the proof needs (e.g. the fp one)
    # Prove by splitting a symbolic constant into its values (exhaustive over its domain)
    # for lanes at least this wide: a case with a constant is far easier for the solver
    # than one 128-bit multiplication with both operands symbolic.
    split_from_width: int | None = 32
    rewrite: Rewrite | None = None
    why: str = ""  # for refuted rules: the known reason; for holds: a note on flags etc.
    # Decides the obligation (src, tgt, CheckOptions) -> Verdict instead of the refinement
    # check: for a model the IEEE semantics lacks (reassociation under ``reassoc``).
    checker: Callable[[Function, Function, Any], Any] | None = None
    # Floating-point rules may split their symbolic constant too (an integer parameter,
    # e.g. an exponent): each case then writes its value in place, which the semantics
    # fold (a division by a constant power of two).
    split_float: bool = False
    # Prove a vector obligation one returned lane at a time (transforms/lanes.py says
    # when that is sound and checks it; where it is not, the rule is proved whole).
    lane_split: bool = False
    # The query time limit (``--timeout-ms``) times this, for a rule whose queries are
    # known to be hard (a division by a symbolic power of two): on a loaded machine the
    # solver's wall-clock limit ran out where it proves in time alone. Running out is
    # still "failed to prove".
    timeout_factor: int = 1
    # Function attributes of both sides (a scalable rule's ``vscale_range``: the vscales
    # it is proved for).
    fn_attrs: str = ""

    def __post_init__(self) -> None:
        if not self.preconditions:
            self.preconditions = self._derived_preconditions()

    def params_for(self, t: TypeInfo) -> tuple[Param, ...]:
        return self.params(t) if callable(self.params) else self.params

    def _derived_preconditions(self) -> str:
        params = () if callable(self.params) else self.params
        parts = [f"{p.lo} <= {p.name} <= {p.hi}" for p in params if p.const and p.lo is not None]
        parts += list(self.pre)
        parts += [f"{p.name} is not undef or poison" for p in params if p.const and p.lo is None]
        text = "; ".join(parts) if parts else "none"
        for k, v in _READABLE.items():
            text = text.replace(k, v)
        return text

    @property
    def symbolic(self) -> list[Param]:
        params = () if callable(self.params) else self.params
        return [p for p in params if p.const and p.lo is not None]

    def obligation(self, type_name: str, case: Mapping[str, int] | None = None) -> Obligation:
        """The IR pair for ``type_name``; ``case`` fixes symbolic constants (an extra
        assumption each, so a set of cases covering the domain proves the whole rule)."""
        if type_name not in self.types:
            raise ValueError(f"rule {self.name} does not claim type {type_name}")
        t = TypeInfo(type_name)
        ret = render(self.ret, t)
        params = ", ".join(
            " ".join(x for x in (render(p.type, t), "noundef" if p.const else "", render(p.attrs, t)) if x)
            + f" %{p.name}"
            for p in self.params_for(t)
        )
        conds = [self._domain_cond(p, t, which) for p in self.symbolic for which in ("lo", "hi")]
        conds = [c for c in conds if c]
        conds += [render(c, t) for c in self.pre]
        for name, value in (case or {}).items():
            p = next(p for p in self.params_for(t) if p.name == name)
            conds.append(f"icmp eq {render(p.type, t)} %{name}, {value}")
        assumes = "".join(
            f"  %pre{i} = {c}\n  call void @llvm.assume(i1 %pre{i})\n" for i, c in enumerate(conds)
        )
        ret_line = "  ret void\n" if ret == "void" else f"  ret {ret} %r\n"
        src, tgt = render(self.src, t), render(self.tgt, t)
        if self.split_float:  # (for integer rules the assumption alone is quicker)
            src, tgt = _fixed(src, case), _fixed(tgt, case)
        attrs = f" {self.fn_attrs}" if self.fn_attrs else ""
        text = (
            f"define {ret} @src({params}){attrs} {{\n{assumes}{_indent(src)}{ret_line}}}\n\n"
            f"define {ret} @tgt({params}){attrs} {{\n{_indent(tgt)}{ret_line}}}\n\n"
            "declare void @llvm.assume(i1 noundef)\n"
        )
        return Obligation(self.name, type_name, text, tuple(sorted((case or {}).items())))

    @staticmethod
    def _domain_cond(p: Param, t: TypeInfo, which: str) -> str | None:
        dom = p.domain(t)
        assert dom is not None
        ty = render(p.type, t)
        bits = TypeInfo(ty).width
        if which == "lo":
            if dom.start == 0 and not p.signed:
                return None  # unsigned >= 0 always holds
            return f"icmp {'sge' if p.signed else 'uge'} {ty} %{p.name}, {_const_text(dom.start, bits)}"
        if not p.signed and dom.stop - 1 == (1 << bits) - 1:
            return None
        return f"icmp {'sle' if p.signed else 'ule'} {ty} %{p.name}, {_const_text(dom.stop - 1, bits)}"

    def cases(self, type_name: str) -> list[dict[str, int]] | None:
        """The case split used to prove the rule at ``type_name``, or None for one query."""
        t = TypeInfo(type_name)
        if self.split_from_width is None or t.width < self.split_from_width or (t.is_float and not self.split_float):
            return None
        syms = self.symbolic
        if len(syms) != 1:
            return None
        dom = syms[0].domain(t)
        assert dom is not None
        return [{syms[0].name: v} for v in dom]


_READABLE = {
    "{wm1}": "w-1", "{wm2}": "w-2", "{emax}": "bias-1", "{c[min]}": "INT_MIN", "{T} ": "",
    "icmp ne %c, INT_MIN": "C != INT_MIN",
}


def _fixed(body: str, case: Mapping[str, int] | None) -> str:
    """``body`` with a case's constants written in place of their parameters. The
    source still assumes ``%k == value`` (so the case states the same claim), and under
    that assumption a noundef parameter and its value are interchangeable; as literals,
    the semantics fold them (a constant divisor, a constant shift amount)."""
    for name, value in (case or {}).items():
        body = re.sub(rf"%{re.escape(name)}\b(?![.\w])", str(value), body)
    return body


def _indent(body: str) -> str:
    lines = [ln.strip() for ln in body.strip().splitlines() if ln.strip()]
    return "".join(f"  {ln}\n" for ln in lines)


# --------------------------------------------------------------------------- transforms


@dataclass
class TransformOptions:
    """``rules``: names of the rules to apply (default: every holding rule that has a
    rewrite); ``select``: which instructions to rewrite (default: all that match)."""

    rules: Iterable[str] | None = None
    select: Callable[[Instruction], bool] | None = None


@dataclass
class Transform:
    name: str
    description: str
    rules: list[Rule] = field(default_factory=list)
    # Element types the test suite's generic property draws kernels of (empty: all). A
    # transform whose float proofs are too slow for the suite names the integer types;
    # fuzz campaigns still draw every type.
    suite_types: tuple[str, ...] = ()
    # Fuzz campaigns draw half their kernels with these keyword arguments of
    # properties.strategies.KernelProfile (shapes that make the transform apply), half
    # with the default profile. None: the default profile only.
    fuzz_profile: Mapping[str, Any] | None = None
    # False for a family of rules that another transform applies (the loop vectorizer's
    # recurrence and reduction rules): proved by `vecverify prove`, never fuzzed alone.
    fuzzed: bool = True
    # A function returning the Hypothesis strategy of the programs this transform's
    # campaigns draw instead of the straight-line kernels (the loop vectorizer's:
    # properties.loop_strategies); each program has ``text`` (an @src function),
    # ``describe()`` and ``size``. A function, so that importing the transform does not
    # import Hypothesis.
    fuzz_kernels: Callable[[], Any] | None = None
    # Programs per campaign unit, when fewer than the campaign's (slow proofs: loops).
    fuzz_chunk: int | None = None
    # Its mutants, deliberately wrong variants (transforms/mutants.py), declared next to
    # its code: a function returning them, so that importing it imports no Hypothesis.
    # Every transform fuzzed with straight-line kernels also gets the generic ones.
    mutants: Callable[[], list[Any]] | None = None

    def rule(self, name: str) -> Rule:
        for r in self.rules:
            if r.name == name:
                return r
        raise KeyError(name)

    def apply(self, fn: Function, options: TransformOptions | None = None) -> Function | None:
        """A rewritten copy of ``fn``, or None when no rule applies (the transform declines).

        Only rules expected to hold are ever applied; each instruction is rewritten at most
        once, by the first enabled rule that matches it.
        """
        options = options or TransformOptions()
        wanted = set(options.rules) if options.rules is not None else None
        rules = [
            r for r in self.rules
            if r.rewrite is not None and r.expected == "holds" and (wanted is None or r.name in wanted)
        ]
        if not rules:
            return None
        out = copy.deepcopy(fn)
        changed = False
        for block in out.blocks:
            for inst in list(block.instructions):
                if options.select is not None and not options.select(inst):
                    continue
                for r in rules:
                    assert r.rewrite is not None
                    new = r.rewrite(inst)
                    if new:
                        _replace(out, block.instructions, inst, new)
                        changed = True
                        break
        return out if changed else None


def _replace(fn: Function, insts: list[Instruction], old: Instruction, new: list[Instruction]) -> None:
    """Put ``new`` where ``old`` was; its last instruction takes old's name and uses."""
    i = next(k for k, x in enumerate(insts) if x is old)
    insts[i : i + 1] = new
    result = new[-1]
    result.name = old.name
    for inst in fn.instructions():
        inst.operands = [result if op is old else op for op in inst.operands]


def same_value(a: Value, b: Value) -> bool:
    return a is b
