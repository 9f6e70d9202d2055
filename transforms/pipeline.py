"""The vectorize pipeline (``vecverify vectorize``): loops first (loop/), then SLP/SLP-M
on the blocks that stay scalar (slp/), then vector loads de-interleaved by shuffles
combined (interleave/); and its ``--verify``, three opinions on what it did:

- every vectorized loop: its witness proved for every trip count (loop/witness.py), and
  both versions run natively at trip counts 0..3*VF*UF+1 and random larger ones
  (loop/native.py); each function with vectorized loops: the bounded check, a second
  opinion with a budget of its own (``bounded_unroll``, 4 by default, and a share of the
  time: a quarter of a query's limit per query, one query's limit in all): its
  counterexample makes the verdict "incorrect", but its timeout does not decide the
  verdict of a function whose loops are all proved;
- every other function the pipeline changed: compared with its input through
  ``vecverify.compare.compare_functions`` (the refinement proof, and native runs on
  random memory next to it).

A refutation (or a native mismatch) makes the exit code ``vecverify check``'s
"incorrect"; a failure to prove makes it "inconclusive". Options are typed
(:class:`VectorizeOptions`, :class:`VerifyOptions`); results are objects the command
prints (:class:`Vectorized`, :class:`Verification`).
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vecverify.compare import Comparison, Witness, compare_functions, exit_code
from vecverify.errors import Unsupported
from vecverify.exit_codes import EXIT_INCONCLUSIVE, EXIT_INCORRECT, worst
from vecverify.ir.function import Function, Module
from vecverify.llvm import read_module
from vecverify.pool import executor
from vecverify.portfolio import DEFAULT_SOLVER
from vecverify.refine import CheckOptions, Verdict
from vecverify.report import verdict_text

from .interleave import combine_module
from .loop.native import compare_at_trip_counts, first_trip_count
from .loop.vectorizer import LoopOptions, LoopReport, vectorize_module_loops
from .loop.vla import ScalableLoop
from .loop.vla_native import run_vla_natively
from .loop.witness import prove_loop
from .slp import SLPOptions, TreeReport, vectorize_module


@dataclass(frozen=True)
class VectorizeOptions:
    slp: SLPOptions = field(default_factory=SLPOptions)
    loops: LoopOptions | None = field(default_factory=LoopOptions)  # None: loops stay scalar


@dataclass
class Vectorized:
    """What the pipeline did to a module."""

    before: Module
    after: Module
    options: VectorizeOptions
    loops: list[LoopReport]
    trees: list[TreeReport]
    interleaved: list[tuple[str, str]]  # (function, group)

    def lines(self) -> list[str]:
        """One line per function left alone, loop, vectorized tree and combined group."""
        out = [f"@{name}: left as it is ({what})" for name, what in self.before.opaque.items()]
        out += [lr.line() for lr in self.loops]
        for r in self.trees:
            rules = f"; rules: {', '.join(r.rules)}" if r.rules else ""
            out.append(f"@{r.function}: {r.seed} {r.lanes} x {r.elem}{' (full width)' if r.full_width else ''}, "
                       f"cost {r.cost.scalar} -> {r.cost.vector}{rules}")
        out += [f"@{name}: interleaved load combine, {what}" for name, what in self.interleaved]
        if not self.trees and not self.interleaved and not any(lr.vectorized for lr in self.loops):
            out.append("nothing vectorized")
        return out

    def record(self) -> dict[str, Any]:
        return {
            "trees": [{"function": r.function, "block": r.block, "seed": r.seed, "lanes": r.lanes, "elem": r.elem,
                       "full_width": r.full_width, "scalar_cost": r.cost.scalar, "vector_cost": r.cost.vector,
                       "rules": r.rules} for r in self.trees],
            "loops": [{"function": lr.function, "loop": lr.loop, "vf": lr.vf, "reason": lr.reason,
                       "recurrences": lr.recurrences, "reductions": lr.reductions, "groups": lr.groups}
                      for lr in self.loops],
            "interleaved": [{"function": f, "group": g} for f, g in self.interleaved],
        }


def vectorize(module: Module, options: VectorizeOptions = VectorizeOptions()) -> Vectorized:
    looped, loop_reports = (module, []) if options.loops is None else vectorize_module_loops(module, options.loops)
    out, trees = vectorize_module(looped, options.slp)
    out, interleaved = combine_module(out)
    for name, fn in out.functions.items():
        if fn is not module.functions.get(name):
            fn.promises = frozenset()  # (printed without metadata: a transformed function promises nothing)
    return Vectorized(module, out, options, loop_reports, trees, interleaved)


# ----------------------------------------------------------------------------- --verify


# The bounded check's budget: its loop bound, and its share of the time (per query, and
# for the whole check, in units of one query's limit).
BOUNDED_UNROLL = 4
BOUNDED_QUERY_SHARE = 0.25
BOUNDED_TOTAL_SHARE = 1.0


@dataclass(frozen=True)
class VerifyOptions:
    timeout_ms: int = 20_000  # solver limit per query
    exec_runs: int = 16  # native runs per function the loop checks leave to compare_functions
    seed: int = 0  # of the native runs' inputs
    solver: str = DEFAULT_SOLVER  # which solvers decide the queries (vecverify/portfolio.py)
    bounded_unroll: int = BOUNDED_UNROLL  # the bounded check after the witness (0: none)
    jobs: int = 1  # worker processes for the functions with vectorized loops
    cpu_time: bool = True  # the witness's query limits in this process's CPU time (False: wall time)


@dataclass
class Verification:
    """The opinions on a :class:`Vectorized`: a record each (``--json``'s ``verify``) and
    an exit code each, merged by :attr:`exit_code`."""

    records: list[dict[str, Any]] = field(default_factory=list)
    codes: list[int] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """The worst opinion's code (exit_codes.worst: incorrect first)."""
        return worst(self.codes)


Say = Callable[[str], None]


def verify(done: Vectorized, options: VerifyOptions = VerifyOptions(), say: Say = lambda _: None,
           source: Path | None = None) -> Verification:
    """Every opinion on ``done``, each function's lines said as soon as they are known.
    With ``options.jobs`` above 1 and the ``source`` file to read again, the functions
    with vectorized loops are verified in that many worker processes (each vectorizes its
    function again, as :func:`vectorize` did: deterministic), said in order."""
    result = Verification()
    by_fn: dict[str, list[LoopReport]] = {}
    for r in done.loops:
        if r.vectorized:
            by_fn.setdefault(r.function, []).append(r)
    jobs = min(options.jobs, len(by_fn))
    if jobs > 1 and source is not None:
        with executor(jobs) as pool:
            futures = {name: pool.submit(_verify_function_job, (source, done.options, options, name))
                       for name in by_fn}
            for name, future in futures.items():
                try:
                    check = future.result()
                except BrokenProcessPool as e:  # a crash (a native run, say): never a verdict
                    check = FunctionCheck([f"@{name}: not verified: its worker process died ({e})"],
                                          [{"function": name, "witness": "error", "error": "worker process died"}],
                                          [EXIT_INCONCLUSIVE])
                check.into(result, say)
    else:
        for name, rs in by_fn.items():
            verify_function(done.before.functions[name], done.after.functions[name], rs, options).into(result, say)
    # Functions without vectorized loops: the refinement check and native runs.
    rest = Module(functions={n: f for n, f in done.before.functions.items() if n not in by_fn})
    changed = _verify_changed(rest, done.after, options, say)
    result.records += [c.record() for c in changed]
    result.codes.append(exit_code(changed))
    return result


@dataclass
class FunctionCheck:
    """The opinions on one function's vectorized loops: its lines, records and codes."""

    lines: list[str] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)
    codes: list[int] = field(default_factory=list)

    def into(self, result: Verification, say: Say) -> None:
        for line in self.lines:
            say(line)
        result.records += self.records
        result.codes += self.codes


def _verify_function_job(job: tuple[Path, VectorizeOptions, VerifyOptions, str]) -> FunctionCheck:
    """In a worker: read the file again, vectorize the one function as the command did,
    and verify its loops."""
    source, vectorize_options, options, name = job
    module = read_module(source, lenient=True)
    one = Module({name: module.functions[name]}, dict(module.declarations), module.source_name, dict(module.globals))
    done = vectorize(one, vectorize_options)
    rs = [r for r in done.loops if r.vectorized]
    return verify_function(one.functions[name], done.after.functions[name], rs, options)


def verify_function(src: Function, tgt: Function, rs: list[LoopReport], options: VerifyOptions) -> FunctionCheck:
    """The witness, native runs and bounded check of one function's vectorized loops
    ``rs`` (``src`` its input, ``tgt`` the pipeline's output)."""
    out = FunctionCheck()
    name = src.name
    for r in rs:
        entry: dict[str, Any] = {"function": name, "loop": r.loop, "vf": r.vf, "uf": r.uf}
        proof = prove_loop(r, timeout_ms=options.timeout_ms, solver=options.solver, cpu_time=options.cpu_time)
        out.lines.append(proof.line())
        entry["witness"] = proof.status
        entry["witness_seconds"] = round(proof.seconds, 2)
        for check, v in proof.checks:
            if getattr(v, "status", "") == "incorrect":
                out.lines.append(f"{check} check of loop {r.loop}:\n{verdict_text(v)}")  # type: ignore[arg-type]
        if proof.status == "refuted":
            out.codes.append(EXIT_INCORRECT)
        elif proof.status != "proved":
            out.codes.append(EXIT_INCONCLUSIVE)
        if isinstance(r.vector, ScalableLoop):
            out.lines.append(_native_vla(src, tgt, r, options, entry, out.codes))
            out.records.append(entry)
            continue
        try:
            runs = compare_at_trip_counts(src, tgt, r.vector, options.seed)  # type: ignore[arg-type]
            entry["native_runs"], entry["native_mismatches"] = runs.runs, len(runs.mismatches)
            for m in runs.mismatches[:1]:
                out.lines.append(f"@{name}: loop {r.loop}: native mismatch at {m}")
            out.lines.append(f"@{name}: loop {r.loop}: native: {runs.runs} runs at trip counts "
                             f"{first_trip_count(src, r.vector)}..{3 * r.vf * r.uf + 1} and larger, "  # type: ignore[arg-type]
                             f"{len(runs.mismatches)} mismatches")
            if runs.source_crashes:  # the source is UB there or the harness is wrong: shown, not a verdict
                out.lines.append(f"@{name}: loop {r.loop}: native: {len(runs.source_crashes)} inputs skipped "
                                 f"where the source crashed (first: {runs.source_crashes[0]})")
            if runs.mismatches:
                out.codes.append(EXIT_INCORRECT)
        except Exception as e:  # the harness cannot run it: said, never a verdict
            entry["native"] = f"skipped: {e}"
            out.lines.append(f"@{name}: loop {r.loop}: native: skipped ({e})")
        out.records.append(entry)
    if tgt.vscale_range.attribute and not src.vscale_range.attribute:
        # --vla: the output runs at the vscales of its range (the machine's contract, as
        # clang's vscale_range on every function for SVE): checked at those.
        src = copy.copy(src)
        src.vscale_range = tgt.vscale_range
    bounded = bounded_check(src, tgt, options.bounded_unroll, options.timeout_ms, options.solver)
    if bounded is None:
        return out
    v, unroll = bounded
    all_proved = all(e.get("witness") == "proved" for e in out.records)
    second = "" if v.status in ("correct", "incorrect") else \
        (" (a second opinion: the witness decides)" if all_proved else "")
    out.lines.append(f"@{name}: bounded check (loops unrolled {unroll} times): {verdict_text(v)}{second}")
    out.records.append({"function": name, "bounded": v.status, "unroll": unroll, "error": v.error,
                        "seconds": round(v.seconds, 2)})
    if v.status == "incorrect":
        out.codes.append(EXIT_INCORRECT)
    elif not all_proved and v.status != "correct":
        out.codes.append(EXIT_INCONCLUSIVE)
    return out


def _native_vla(src: Function, tgt: Function, r: LoopReport, options: VerifyOptions, entry: dict[str, Any],
                codes: list[int]) -> str:
    """A ``--vla`` loop's native witness: under qemu at several vscales (vla_native.py);
    skipped, and said, where the toolchain is missing."""
    assert isinstance(r.vector, ScalableLoop)
    try:
        runs = run_vla_natively(src, tgt, r.vector, options.seed)
    except Unsupported as e:
        entry["native"] = f"skipped: {e}"
        return f"@{src.name}: loop {r.loop}: native: skipped ({e})"
    except RuntimeError as e:  # the program crashed under qemu: which function, the batch does not say
        entry["native"] = f"failed: {e}"
        codes.append(EXIT_INCONCLUSIVE)
        return f"@{src.name}: loop {r.loop}: native: failed ({e})"
    entry["native_runs"], entry["native_mismatches"] = runs.runs, len(runs.mismatches)
    entry["native_vscales"] = runs.vscales
    if runs.mismatches:
        codes.append(EXIT_INCORRECT)
    first = [f"@{src.name}: loop {r.loop}: native mismatch at {runs.mismatches[0]}"] if runs.mismatches else []
    return "\n".join([*first, runs.line(src.name, r.loop)])


def bounded_check(src: Function, tgt: Function, unroll: int, timeout_ms: int,
                  solver: str = DEFAULT_SOLVER) -> tuple[Verdict, int] | None:
    """The bounded check of a loop-vectorized function: loops unrolled ``unroll`` times,
    a share of the time per query and in all (a timeout is "failed to prove" at that
    bound), through compare_functions (the loops' native runs are their own). None when
    ``unroll`` is 0 (not run)."""
    if unroll <= 0:
        return None
    options = CheckOptions(timeout_ms=max(1, int(timeout_ms * BOUNDED_QUERY_SHARE)), unroll=unroll,
                           deadline=time.monotonic() + BOUNDED_TOTAL_SHARE * timeout_ms / 1000, solver=solver,
                           loops="bounded")  # the second opinion: not witness inference again
    return compare_functions(src, tgt, options, Witness(replay=False)).verdict, unroll


def _verify_changed(before: Module, after: Module, options: VerifyOptions, say: Say) -> list[Comparison]:
    """Compare each function of ``after`` that is not the same object as in ``before``;
    say its verdict and native runs; the comparisons (``"function"`` in each record)."""
    done: list[Comparison] = []
    for name, fn in before.functions.items():
        new = after.functions[name]
        if new is fn:
            continue
        c = compare_functions(fn, new, CheckOptions(timeout_ms=options.timeout_ms, solver=options.solver),
                              Witness(runs=options.exec_runs, seed=options.seed, on_memory=True, replay=False))
        c.extra["function"] = name
        say(f"@{name}: {verdict_text(c.verdict)}")
        for line in native_lines(name, c):
            say(line)
        done.append(c)
    return done


def native_lines(name: str, c: Comparison) -> list[str]:
    n = c.native or {}
    if n.get("skipped"):
        return [f"@{name}: native: skipped ({n['skipped']})"]
    first = [f"@{name}: native mismatch: {n['first']}"] if n.get("first") else []
    return first + [f"@{name}: native: {n.get('runs', 0)} runs, {n.get('mismatches', 0)} mismatches"]
