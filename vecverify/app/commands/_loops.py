"""The loop vectorizer's part of ``vecverify vectorize``: its options, and with
``--verify`` prove every vectorized loop (the witness, for every trip count), run both
versions natively at trip counts 0..3*VF+1 and random larger ones, and check the function
with loops unrolled a few times (the bounded check).

The witness is the proof. The bounded check is a second opinion with a budget of its own
(``--bounded-unroll``, 4 by default, and a share of the time: a quarter of a query's
limit per query, one query's limit in all): its counterexample (replayed like any other)
makes the verdict "incorrect", but its timeout is reported as such and does not decide
the verdict of a function whose loops are all proved."""

from __future__ import annotations

import argparse
import io
import time
from typing import Any

from transforms.loop.native import compare_at_trip_counts
from transforms.loop.vectorizer import LoopReport
from transforms.loop.witness import prove_loop
from vecverify.compare import Witness, compare_functions
from vecverify.exit_codes import EXIT_INCONCLUSIVE, EXIT_INCORRECT
from vecverify.ir.function import Module
from vecverify.pool import executor
from vecverify.portfolio import DEFAULT_SOLVER
from vecverify.refine import CheckOptions
from vecverify.report import verdict_text

from ._vectorizing import vectorized_function


def _power_of_two(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if n < 2 or n & (n - 1) or n > 64:
        raise argparse.ArgumentTypeError(f"the VF must be a power of two from 2 to 64, not {n}")
    return n


def _interleave_count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if n not in (1, 2, 4, 8):
        raise argparse.ArgumentTypeError(f"the UF must be 1, 2, 4 or 8, not {n}")
    return n


# The bounded check's budget: its loop bound, and its share of the time (per query, and
# for the whole check, in units of one query's limit).
BOUNDED_UNROLL = 4
BOUNDED_QUERY_SHARE = 0.25
BOUNDED_TOTAL_SHARE = 1.0


def _bounded_unroll(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"the bound must be 0 (no bounded check) or more, not {n}")
    return n


def _epilogue_lanes(text: str) -> int:
    return 0 if text.strip() == "0" else _power_of_two(text)


def add_loop_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-loops", action="store_true", help="do not vectorize loops")
    p.add_argument("--vf", type=_power_of_two, default=None, metavar="N",
                   help="loop vectorization factor (a power of two; default: from the target and the cost model)")
    p.add_argument("--vector-length", type=_power_of_two, dest="vf", metavar="N",
                   help="the same as --vf (the masked loop's vector length, VL)")
    p.add_argument("--uf", type=_interleave_count, default=None, metavar="N",
                   help="loop interleave count: parts of VF lanes per vector iteration (1, 2, 4 or 8; "
                        "default: 4 for loops with a reduction, 2 for other loops with a vectorized epilogue)")
    p.add_argument("--index32", action="store_true",
                   help="gathers index with <VF x i32> vectors where the index is a 32-bit value extended")
    p.add_argument("--epilogue-vf", type=_epilogue_lanes, default=None, metavar="N",
                   help="lanes of the vectorized epilogue loop after the vector loop (a power of two below "
                        "VF*UF; 0: none, the scalar loop runs the remainder; default: 64 bits of the narrowest "
                        "element, 4 lanes to VF)")
    p.add_argument("--tail", choices=("epilogue", "fold", "auto"), default="epilogue",
                   help="the iterations after the last full vector: a scalar epilogue (default), "
                        "folded into the vector loop under a mask, or as the cost model prefers")
    p.add_argument("--wall-clock", action="store_true",
                   help="with --verify, count the witness's query limits in wall time (default: this process's "
                        "CPU time, at most 10 times the limit in wall time: a loaded machine slows a proof "
                        "without turning it into a timeout)")
    p.add_argument("--bounded-unroll", type=_bounded_unroll, default=BOUNDED_UNROLL, metavar="N",
                   help="with --verify, the bounded check after the witness unrolls loops N times "
                        f"(default {BOUNDED_UNROLL}; 0: no bounded check). A second opinion: its timeout "
                        "does not decide a proved loop's verdict")


def verify_loops(before: Module, reports: list[LoopReport], after: Module, args: argparse.Namespace,
                 verdicts: list[dict[str, Any]], log: Any) -> int:
    """The three opinions on every vectorized loop; returns the exit code (0, 1, 3).
    With ``args.jobs`` above 1 (and ``args.file`` to read again), the functions are
    verified in that many worker processes, their output printed in order."""
    by_fn: dict[str, list[LoopReport]] = {}
    for r in reports:
        if r.vectorized:
            by_fn.setdefault(r.function, []).append(r)
    jobs = min(getattr(args, "jobs", 1) or 1, len(by_fn))
    if jobs > 1 and getattr(args, "file", None) is not None:
        settings = argparse.Namespace(**{k: v for k, v in vars(args).items() if k != "run"})
        with executor(jobs) as pool:
            done = list(pool.map(_verify_function_job, [(settings, name) for name in by_fn]))
    else:
        done = []
        for name, rs in by_fn.items():
            out = io.StringIO()
            one_code, entries = verify_function(before.functions[name], after.functions[name], rs, args, out)
            done.append((out.getvalue(), entries, one_code))
    code = 0
    for text, entries, one_code in done:
        log.write(text)
        verdicts.extend(entries)
        code = EXIT_INCORRECT if EXIT_INCORRECT in (code, one_code) else (code or one_code)
    return code


def _verify_function_job(job: tuple[argparse.Namespace, str]) -> tuple[str, list[dict[str, Any]], int]:
    """In a worker: read the file again, vectorize the one function as the command did
    (deterministic), and verify its loops; returns (its output, its verdicts, its code)."""
    args, name = job
    src, tgt, rs = vectorized_function(args, name)
    out = io.StringIO()
    code, entries = verify_function(src, tgt, rs, args, out)
    return out.getvalue(), entries, code


def verify_function(src: Any, tgt: Any, rs: list[LoopReport], args: argparse.Namespace,
                    log: Any) -> tuple[int, list[dict[str, Any]]]:
    """The witness, native runs and bounded check of one function's vectorized loops
    ``rs`` (``src`` its input, ``tgt`` the command's output); (exit code, verdicts)."""
    code = 0
    verdicts: list[dict[str, Any]] = []

    def worse(c: int) -> None:
        nonlocal code
        code = EXIT_INCORRECT if c == EXIT_INCORRECT else (code or c)

    name = src.name
    for r in rs:
        entry: dict[str, Any] = {"function": name, "loop": r.loop, "vf": r.vf, "uf": r.uf}
        proof = prove_loop(r, timeout_ms=args.timeout_ms, solver=getattr(args, "solver", DEFAULT_SOLVER),
                           cpu_time=not getattr(args, "wall_clock", False))
        print(proof.line(), file=log)
        entry["witness"] = proof.status
        entry["witness_seconds"] = round(proof.seconds, 2)
        for check, v in proof.checks:
            if getattr(v, "status", "") == "incorrect":
                print(f"{check} check of loop {r.loop}:\n{verdict_text(v)}", file=log)  # type: ignore[arg-type]
        if proof.status == "refuted":
            worse(EXIT_INCORRECT)
        elif proof.status != "proved":
            worse(EXIT_INCONCLUSIVE)
        try:
            runs = compare_at_trip_counts(src, tgt, r.vector, args.seed)  # type: ignore[arg-type]
            entry["native_runs"], entry["native_mismatches"] = runs.runs, len(runs.mismatches)
            for m in runs.mismatches[:1]:
                print(f"@{name}: loop {r.loop}: native mismatch at {m}", file=log)
            print(f"@{name}: loop {r.loop}: native: {runs.runs} runs at trip counts 0..{3 * r.vf * r.uf + 1} "
                  f"and larger, {len(runs.mismatches)} mismatches", file=log)
            if runs.mismatches:
                worse(EXIT_INCORRECT)
        except Exception as e:  # the harness cannot run it: said, never a verdict
            entry["native"] = f"skipped: {e}"
            print(f"@{name}: loop {r.loop}: native: skipped ({e})", file=log)
        verdicts.append(entry)
    bounded = bounded_check(src, tgt, getattr(args, "bounded_unroll", BOUNDED_UNROLL), args.timeout_ms,
                            getattr(args, "solver", DEFAULT_SOLVER))
    if bounded is None:
        return code, verdicts
    v, unroll = bounded
    all_proved = all(e.get("witness") == "proved" for e in verdicts)
    second = "" if v.status in ("correct", "incorrect") else \
        (" (a second opinion: the witness decides)" if all_proved else "")
    print(f"@{name}: bounded check (loops unrolled {unroll} times): {verdict_text(v)}{second}", file=log)
    verdicts.append({"function": name, "bounded": v.status, "unroll": unroll, "error": v.error,
                     "seconds": round(v.seconds, 2)})
    if v.status == "incorrect":
        worse(EXIT_INCORRECT)
    elif not all_proved and v.status != "correct":
        worse(EXIT_INCONCLUSIVE)
    return code, verdicts


def bounded_check(src: Any, tgt: Any, unroll: int, timeout_ms: int,
                  solver: str = DEFAULT_SOLVER) -> tuple[Any, int] | None:
    """The bounded check of a loop-vectorized function: loops unrolled ``unroll`` times,
    a share of the time per query and in all (a timeout is "failed to prove" at that
    bound). None when ``unroll`` is 0 (not run)."""
    if unroll <= 0:
        return None
    options = CheckOptions(timeout_ms=max(1, int(timeout_ms * BOUNDED_QUERY_SHARE)), unroll=unroll,
                           deadline=time.monotonic() + BOUNDED_TOTAL_SHARE * timeout_ms / 1000, solver=solver)
    # the refinement check through compare_functions (its native witness is the loops' own, above)
    return compare_functions(src, tgt, options, Witness(replay=False)).verdict, unroll
