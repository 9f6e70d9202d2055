"""The ``--verify`` loop of a vectorizing command: every function the vectorizer changed
is checked against its input with the refinement check and run natively next to it.

A refutation (or a native mismatch) is reported with its counterexample and makes the
exit code ``vecverify check``'s "incorrect"; a failure to prove makes it "inconclusive".
"""

from __future__ import annotations

from typing import Any, TextIO

from vecverify.ir.function import Function, Module


def verify_changed(before: Module, after: Module, *, timeout_ms: int, exec_runs: int, seed: int,
                   verdicts: list[dict[str, Any]], log: TextIO) -> int:
    """Check each function of ``after`` that is not the same object as in ``before``;
    print one line per verdict to ``log``, append a JSON record per function to
    ``verdicts``, and return the exit code."""
    from vecverify.checker import check_pair
    from vecverify.cli import EXIT_INCONCLUSIVE, EXIT_INCORRECT
    from vecverify.refine import CheckOptions
    from vecverify.report import verdict_text

    code = 0
    for name, fn in before.functions.items():
        new = after.functions[name]
        if new is fn:
            continue
        verdict = check_pair(fn, new, CheckOptions(timeout_ms=timeout_ms))
        entry: dict[str, Any] = {"function": name, "status": verdict.status, "error": verdict.error}
        print(f"@{name}: {verdict_text(verdict)}", file=log)
        if verdict.status == "incorrect":
            code = EXIT_INCORRECT
        elif verdict.status != "correct" and code == 0:
            code = EXIT_INCONCLUSIVE
        try:
            mismatches = native_runs(fn, new, exec_runs, seed, entry)
            if mismatches:
                code = EXIT_INCORRECT
                print(f"@{name}: native mismatch: {mismatches[0]}", file=log)
            print(f"@{name}: native: {entry['native_runs']} runs, {len(mismatches)} mismatches", file=log)
        except Exception as e:  # functions the native harness cannot run: say so, never a verdict
            entry["native"] = f"skipped: {e}"
            print(f"@{name}: native: skipped ({e})", file=log)
        verdicts.append(entry)
    return code


def native_runs(src: Function, tgt: Function, count: int, seed: int, entry: dict[str, Any]) -> list[str]:
    """Native runs of both functions: on random arguments compared lane by lane where the
    semantics say the source is defined; with pointer arguments, on random memory (see
    ``native_runs``). Returns the mismatches, one line each."""
    from vecverify.ir.types import PtrType
    from vecverify.native_check import compare_natively, mismatch_text

    from .native_runs import compare_on_memory

    if any(isinstance(a.type.scalar, PtrType) for a in src.args):
        mem = compare_on_memory(src, tgt, count, seed)
        entry["native_runs"], entry["native_skipped"] = mem.runs, mem.skipped
        entry["native_mismatches"] = len(mem.mismatches)
        return mem.mismatches
    runs = compare_natively(src, tgt, count, seed)
    entry["native_runs"], entry["native_mismatches"] = runs.runs, len(runs.mismatches)
    return [mismatch_text(inp, a, b) for inp, a, b in runs.mismatches]
