"""Functions run natively and through the semantics: `vecverify exec`, `vecverify check
--exec N` (``exec_function``, ``compare_natively``).

Inputs come from the one generator (inputs.py). An input is only run natively where the
semantics say it has no UB (native code would trap or do anything); a native result is
checked against the set of results the semantics allow (:meth:`Evaluation.allows`):
lanes and bytes they call poison may hold anything, nondeterministic ones (NaN payloads,
frozen poison) any allowed value.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..ir.function import Function, Module
from ..llvm import print_module
from ..semantics.concrete import ConcreteInput, Evaluation, evaluate
from .inputs import merged_extents, pointer_extents, random_input
from .support import check_native_support


@dataclass
class Observed:
    """One native run: the returned lanes and each block's final bytes."""

    value: Any
    lanes: list[int]
    blocks: list[bytes]
    oob: bool


def run_native(module_text: str, fn: Function, given: ConcreteInput) -> Observed:
    from .native import Memory, compile_module, lanes_of  # the JIT: loaded for a run

    memory = Memory(list(given.blocks), dict(given.pointers))
    value, blocks, oob = compile_module(module_text).run_bytes(fn.name, list(given.args), memory=memory)
    return Observed(value, lanes_of(value) if value is not None else [], blocks, bool(oob))


def allowed(ev: Evaluation, seen: Observed) -> bool:
    return not seen.oob and ev.allows(seen.lanes, [list(b) for b in seen.blocks])


@dataclass
class Run:
    """One input run through the semantics and natively, and whether they agree."""

    input: ConcreteInput
    semantics: Evaluation | None  # None: UB per the semantics, or a run longer than it followed (not run)
    native: Observed | None = None
    agree: bool = True


@dataclass
class ExecReport:
    """A function's runs (``vecverify exec``)."""

    function: Function
    runs: list[Run] = field(default_factory=list)

    @property
    def disagreements(self) -> list[Run]:
        return [r for r in self.runs if not r.agree]


def exec_function(
    fn: Function, module_text: str, count: int, seed: int, given: list[ConcreteInput] | None = None
) -> ExecReport:
    """Run ``fn`` natively and through the semantics on the ``given`` inputs, or on
    ``count`` random ones."""
    check_native_support(fn)
    rng = random.Random(seed)
    extents = pointer_extents(fn)
    inputs = given if given is not None else [random_input(fn, rng, extents) for _ in range(count)]
    report = ExecReport(fn)
    for inp in inputs:
        ev = evaluate(fn, inp)
        if ev.ub is not False or ev.cut is not False:  # UB, or longer than the semantics were followed
            report.runs.append(Run(inp, None))
            continue
        seen = run_native(module_text, fn, inp)
        report.runs.append(Run(inp, ev, seen, allowed(ev, seen)))
    return report


@dataclass
class PairRuns:
    """Native runs of a pair on random inputs: how many, the mismatches, the inputs skipped."""

    runs: int
    mismatches: list[tuple[ConcreteInput, Observed, Observed]]  # input, source's native run, target's
    skipped_target_ub: int = 0


def compare_natively(src: Function, tgt: Function, count: int, seed: int) -> PairRuns:
    """Run both functions natively on random inputs where the source has no UB: the
    target's native result must be one the source's semantics allow."""
    check_native_support(src)
    check_native_support(tgt)
    src_text, tgt_text = standalone(src), standalone(tgt)
    rng = random.Random(seed)
    extents = merged_extents(pointer_extents(src), pointer_extents(tgt))
    ran, skipped, mismatches = 0, 0, []
    for _ in range(count):
        inp = random_input(src, rng, extents)
        ev_src = evaluate(src, inp)
        if ev_src.ub is not False or ev_src.cut is not False:
            continue  # UB in the source (anything goes), or a run longer than the evaluation follows
        ev_tgt = evaluate(tgt, inp)
        if ev_tgt.cut is not False:
            continue
        if ev_tgt.ub is not False:
            skipped += 1  # UB in the target where the source has none: the proof reports it
            continue
        ran += 1
        a, b = run_native(src_text, src, inp), run_native(tgt_text, tgt, inp)
        if not allowed(ev_src, b):
            mismatches.append((inp, a, b))
    return PairRuns(ran, mismatches, skipped)


def standalone(fn: Function) -> str:
    """A module holding just ``fn`` (and the declarations its calls need)."""
    return print_module(Module(functions={fn.name: fn}))
