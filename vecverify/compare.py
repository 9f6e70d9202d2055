"""``compare_functions``: the one service that compares a source function with a target
function for every front end (``vecverify check``, ``vectorize --verify``, the fuzz
pipeline, ``opt-tv``): the refinement proof, the native witness, one result record and
the exit code.

API::

    compare_functions(src, tgt, options=CheckOptions(), witness=Witness(), prove=None) -> Comparison
        prove      a transform's own proof of its output (Prove: the loop vectorizer's
                   witness, for every trip count); where it gives no verdict (None),
                   or without it, the refinement check decides
    compare_case(case, options, witness=Witness()) -> list[Comparison]
        a test file of the alive-tv protocol (testfile.TestCase): each of its pairs;
        reading problems are one ``unsupported`` or ``error`` comparison

    Witness(runs=0, seed=0, on_memory=False, replay=True)
        runs       random inputs run natively on both functions (0: none)
        on_memory  functions with pointer arguments run on the same random memory and
                   their results compared with each other (what vectorizers want: loop
                   bounds drawn small); otherwise each native result of the target is
                   checked against what the source's semantics allow
        replay     an SMT counterexample free of UB and poison is also run natively

    Comparison: .src .tgt .verdict (refine.Verdict), .native (dict | None: runs,
    mismatches, first, skipped: the reason they were not run), .replay (dict | None: the counterexample run)
        .status      the verdict's status (correct, incorrect, failed, unsupported,
                     error, internal)
        .native_mismatch  True when the native runs disagree (a wrong target)
        .exit_code   this comparison's code (exit_codes.py; a native mismatch is 1)
        .text()      alive-tv's block: both functions, ``=>``, the verdict and example
        .native_lines()  the native witness as printed lines
        .record()    the JSON record (the one ``vecverify check --json`` prints;
                     ``warnings``: alive-tv's, such as "Source function is always UB")
        .vacuous     a correct verdict that may say nothing (the source is, or may be,
                     UB on every input): front ends treat it as suspicious

    exit_code(comparisons) -> int: the code for several (the worst wins).

The proof never raises for what the model does not cover: that is an ``unsupported``
verdict naming it; bad input (signatures that differ) raises InputError. The native
witness never changes the verdict and never raises: a function the harness cannot run
is recorded as skipped, with the reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .checker import check_pair, read_module, select_pairs
from .errors import InputError, Unsupported
from .exit_codes import EXIT_INCORRECT
from .exit_codes import exit_code as code_for_counts
from .interrupts import stands_for_interrupt
from .ir.function import Function
from .ir.types import PtrType
from .llvm import print_function
from .refine import CheckOptions, Verdict
from .report import RULE, format_example, verdict_text, verdict_warnings
from .testfile import TestCase

# A transform's own proof that its output refines its input, or None (not its output:
# the refinement check decides).
Prove = Callable[[Function, Function, CheckOptions], Verdict | None]


@dataclass(frozen=True)
class Witness:
    """The native runs asked for beside a proof: how many, their seed, on memory, a counterexample's replay."""

    runs: int = 0
    seed: int = 0
    on_memory: bool = False
    replay: bool = True


@dataclass
class Comparison:
    """A pair's verdict with its native runs and counterexample replay."""

    src: Function | None
    tgt: Function | None
    verdict: Verdict
    native: dict[str, Any] | None = None
    replay: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # a front end's own record fields

    @property
    def status(self) -> str:
        return self.verdict.status

    @property
    def native_mismatch(self) -> bool:
        return bool(self.native and self.native.get("mismatches"))

    @property
    def vacuous(self) -> bool:
        return self.verdict.status == "correct" and self.verdict.source_always_ub is not False

    @property
    def exit_code(self) -> int:
        return exit_code([self])

    def text(self) -> str:
        """Both functions and the verdict, as alive-tv prints them."""
        lines = [RULE]
        if self.src is not None and self.tgt is not None:
            lines += [print_function(self.src).rstrip(), "=>", print_function(self.tgt).rstrip()]
        lines.append(verdict_text(self.verdict))
        return "\n".join(lines)

    def native_lines(self) -> list[str]:
        out = []
        if self.replay is not None:
            out.append(f"native: counterexample {self.replay['text']}")
        n = self.native
        if n is not None:
            out.append(f"native: {n['runs']} runs, {n['mismatches']} mismatches"
                       + (f" (first: {n['first']})" if n.get("first") else "")
                       + (f" ({n['skipped']})" if n.get("skipped") else ""))
        return out

    def record(self) -> dict[str, Any]:
        v = self.verdict
        out: dict[str, Any] = {
            **self.extra,
            "src": self.src.name if self.src else None,
            "tgt": self.tgt.name if self.tgt else None,
            "status": v.status,
            "error": v.error,
            "detail": v.detail or None,
            "unroll": v.unroll,
            "vscale": v.vscale or None,
            "has_loops": v.has_loops,
            "loops": v.loops or None,
            "coverage": v.coverage or None,
            "seconds": round(v.seconds, 4),
            "queries": v.queries,
            "solvers": v.solvers,
            "query_times": v.query_log,
            "example": format_example(v) if v.example is not None else None,
            "warnings": verdict_warnings(v),
        }
        if self.native is not None:
            out["native"] = self.native
        if self.replay is not None:
            out["native_counterexample"] = self.replay
        if v.witness is not None:
            out["witness"] = v.witness
        return out


def compare_functions(src: Function, tgt: Function, options: CheckOptions | None = None,
                      witness: Witness = Witness(), prove: Prove | None = None) -> Comparison:
    """Prove that ``tgt`` refines ``src`` (by ``prove`` where it decides, else by the
    refinement check), then run the native witness (see the module docstring)."""
    opts = options or CheckOptions()
    verdict = prove(src, tgt, opts) if prove is not None else None
    if verdict is None:
        verdict = check_pair(src, tgt, opts)
    out = Comparison(src, tgt, verdict)
    if src.scalable is not None or tgt.scalable is not None:
        # This machine's JIT has no scalable vectors: their witness runs under qemu.
        if witness.runs:
            out.native = {"runs": 0, "mismatches": 0, "skipped": SCALABLE_NATIVE}
        if witness.replay and verdict.example is not None:
            out.replay = {"ran": False, "shows_difference": False, "text": f"not run natively: {SCALABLE_NATIVE}"}
        return out
    if witness.runs:
        out.native = native_runs(src, tgt, witness)
    if witness.replay and verdict.example is not None:
        out.replay = counterexample_run(verdict.example)
    return out


def compare_case(case: TestCase, options: CheckOptions, witness: Witness = Witness(replay=False)) -> list[Comparison]:
    """Each pair of one test case of the alive-tv protocol (its own options applied);
    reading problems become a single unsupported or error comparison. No native runs
    unless ``witness`` asks for them (a directory of tests is checked by proof)."""
    opts = case.options(options)
    try:
        if case.kind == "ident":
            mod = read_module(case.src_path)
            return [compare_functions(f, f, opts, witness) for f in mod.functions.values()]
        src_mod = read_module(case.src_path)
        tgt_mod = src_mod if case.kind == "srctgt" else read_module(case.tgt_path)
        pairs = select_pairs(src_mod, tgt_mod, case.kind == "srctgt", None, None)
        return [compare_functions(s, t, opts, witness) for s, t in pairs]
    except Unsupported as e:
        return [Comparison(None, None, Verdict("unsupported", detail=str(e)))]
    except InputError as e:
        return [Comparison(None, None, Verdict("error", detail=str(e)))]


SCALABLE_NATIVE = ("scalable vectors: not run by this machine's JIT "
                   "(their native witness is AArch64 SVE under qemu: docs/scalable.md)")


def exit_code(comparisons: Iterable[Comparison]) -> int:
    items = list(comparisons)
    if any(c.native_mismatch for c in items):
        return EXIT_INCORRECT
    return code_for_counts(Counter(c.status for c in items))


def native_runs(src: Function, tgt: Function, witness: Witness) -> dict[str, Any]:
    """Both functions run natively on random inputs (see ``Witness``): ``runs``,
    ``mismatches`` (a count), ``first`` (the first mismatch), and ``skipped``, the reason,
    when they could not be run."""
    # numpy and llvmlite's JIT: imported only when native runs are asked for (start-up).
    from .execute.memory_runs import compare_on_memory
    from .execute.runs import compare_natively
    from .execute.text import pair_runs_json

    try:
        if witness.on_memory and any(isinstance(a.type.scalar, PtrType) for a in src.args):
            mem = compare_on_memory(src, tgt, witness.runs, witness.seed)
            out: dict[str, Any] = {"runs": mem.runs, "mismatches": len(mem.mismatches)}
            if mem.skipped:
                out["skipped_source_oob"] = mem.skipped
            if mem.source_crashes:
                out["source_crashes"] = mem.source_crashes
            if mem.mismatches:
                out["first"] = mem.mismatches[0]
            return out
        return pair_runs_json(compare_natively(src, tgt, witness.runs, witness.seed))
    except Exception as e:  # a function the native harness cannot run: say so, never a verdict
        if stands_for_interrupt(e):  # Ctrl-C, disguised by ctypes (interrupts.py)
            raise KeyboardInterrupt from e
        return {"runs": 0, "mismatches": 0, "skipped": str(e)}


def counterexample_run(example: Any) -> dict[str, Any]:
    """The counterexample run natively (when it is free of UB and poison)."""
    # numpy and llvmlite's JIT: imported only for a counterexample (start-up).
    from .execute.replay import run_counterexample
    from .execute.text import results_text

    try:
        run = run_counterexample(example)
    except Unsupported as e:
        return {"ran": False, "shows_difference": False, "text": f"not run natively: {e.what}"}
    except ValueError as e:  # an input the concrete evaluation cannot take: say so, no verdict changes
        return {"ran": False, "shows_difference": False, "text": f"not run natively: {e}"}
    out: dict[str, Any] = {"ran": run.ran, "shows_difference": run.shows_difference}
    text = run.note
    if run.source is not None and run.target is not None:
        out["source"], out["target"] = run.source.lanes, run.target.lanes
        text = f"run on this machine: {results_text(run.source, run.target)}: {run.note}"
    out["text"] = text
    return out
