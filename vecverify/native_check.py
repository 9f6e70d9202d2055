"""Random inputs run natively and through the semantics: `vecverify exec` and
`vecverify check --exec N`.

Inputs are drawn from a seeded generator, biased to edge values. An input is only run
natively where the semantics say the source has no UB (native code would trap or do
anything); lanes the semantics call poison are not compared. Functions with pointer
arguments are not supported here yet (reported as such).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .errors import Unsupported
from .ir.function import Function
from .ir.types import FloatType, IntType, PtrType, Type, VectorType
from .llvm import print_function


def _edge_values(bits: int) -> list[int]:
    mask = (1 << bits) - 1
    return sorted({0, 1, mask, 1 << (bits - 1), (1 << (bits - 1)) - 1, 2 & mask})


def random_value(t: Type, rng: random.Random) -> Any:
    if isinstance(t, VectorType):
        return [random_value(t.elem, rng) for _ in range(t.count)]
    if isinstance(t, IntType | FloatType):
        bits = t.bits
        if rng.random() < 0.3:
            return rng.choice(_edge_values(bits))
        return rng.getrandbits(bits)
    raise Unsupported(f"random inputs of type {t}")


def random_args(fn: Function, rng: random.Random) -> list[Any]:
    if any(isinstance(a.type.scalar, PtrType) for a in fn.args):
        raise Unsupported(f"native runs of @{fn.name}: pointer arguments")
    return [random_value(a.type, rng) for a in fn.args]


@dataclass
class Run:
    args: list[Any]
    semantics: list[int | None] | None  # None: UB per the semantics (not run natively)
    native: Any = None
    agree: bool = True


@dataclass
class ExecReport:
    function: str
    runs: list[Run] = field(default_factory=list)

    @property
    def disagreements(self) -> list[Run]:
        return [r for r in self.runs if not r.agree]


def _lanes(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def exec_function(fn: Function, module_text: str, count: int, seed: int) -> ExecReport:
    """Run ``fn`` on ``count`` random inputs natively and through the semantics."""
    from .execute import execute
    from .semantics.concrete import evaluate

    rng = random.Random(seed)
    report = ExecReport(fn.name)
    for _ in range(count):
        args = random_args(fn, rng)
        ev = evaluate(fn, args)
        if ev.ub is not False:
            report.runs.append(Run(args, None))
            continue
        values = [None if lane.poison or lane.value is None else lane.value for lane in ev.lanes]
        native = execute(module_text, fn.name, args).value
        agree = all(v is None or v == n for v, n in zip(values, _lanes(native), strict=False))
        report.runs.append(Run(args, values, native, agree))
    return report


@dataclass
class PairRuns:
    runs: int
    mismatches: list[tuple[list[Any], Any, Any]]  # args, source native value, target native value


def compare_natively(src: Function, tgt: Function, count: int, seed: int) -> PairRuns:
    """Run both functions natively on inputs where the source is defined; a target lane
    that differs from a source lane the semantics call defined is a mismatch."""
    from .execute import execute
    from .semantics.concrete import evaluate

    src_text, tgt_text = _standalone(src), _standalone(tgt)
    rng = random.Random(seed)
    ran, mismatches = 0, []
    for _ in range(count):
        args = random_args(src, rng)
        ev_src, ev_tgt = evaluate(src, args), evaluate(tgt, args)
        if ev_src.ub is not False or ev_tgt.ub is not False:
            continue  # UB in the source: anything goes; in the target: the proof says
        ran += 1
        a = execute(src_text, src.name, args).value
        b = execute(tgt_text, tgt.name, args).value
        for lane, x, y in zip(ev_src.lanes, _lanes(a), _lanes(b), strict=False):
            if lane.poison is False and lane.value is not None and x != y:
                mismatches.append((args, a, b))
                break
    return PairRuns(ran, mismatches)


def _standalone(fn: Function) -> str:
    """A module holding just ``fn`` (and the declarations its calls need)."""
    from .ir.function import Module
    from .llvm import print_module

    return print_module(Module(functions={fn.name: fn}))


def format_value(value: Any) -> str:
    if isinstance(value, list):
        return "<" + ", ".join(format_value(v) for v in value) + ">"
    return "poison/undefined" if value is None else f"{value:#x}"


def exec_text(report: ExecReport) -> str:
    lines = [f"@{report.function}: {len(report.runs)} inputs"]
    for r in report.runs:
        args = ", ".join(format_value(a) for a in r.args)
        if r.semantics is None:
            lines.append(f"  ({args}): UB per the semantics, not run natively")
            continue
        sem = format_value(r.semantics if len(r.semantics) != 1 else r.semantics[0])
        mark = "" if r.agree else "   <-- DISAGREE"
        lines.append(f"  ({args}): native {format_value(r.native)}, semantics {sem}{mark}")
    lines.append(f"{len(report.disagreements)} disagreements")
    return "\n".join(lines)


__all__ = ["exec_function", "compare_natively", "exec_text", "print_function"]
