"""The ``--verify`` loop of a vectorizing command: every function the vectorizer changed
is compared with its input through ``vecverify.compare.compare_functions`` (the
refinement proof, and native runs next to it on random memory).

A refutation (or a native mismatch) is reported with its counterexample and makes the
exit code ``vecverify check``'s "incorrect"; a failure to prove makes it "inconclusive".
"""

from __future__ import annotations

from typing import Any, TextIO

from vecverify.compare import Comparison, Witness, compare_functions, exit_code
from vecverify.ir.function import Module
from vecverify.portfolio import DEFAULT_SOLVER
from vecverify.refine import CheckOptions
from vecverify.report import verdict_text


def verify_changed(before: Module, after: Module, *, timeout_ms: int, exec_runs: int, seed: int,
                   verdicts: list[dict[str, Any]], log: TextIO, solver: str = DEFAULT_SOLVER) -> int:
    """Compare each function of ``after`` that is not the same object as in ``before``;
    print its verdict and native runs to ``log``, append its record (``"function"`` and
    the fields of ``Comparison.record``) to ``verdicts``, and return the exit code."""
    done: list[Comparison] = []
    for name, fn in before.functions.items():
        new = after.functions[name]
        if new is fn:
            continue
        c = compare_functions(fn, new, CheckOptions(timeout_ms=timeout_ms, solver=solver),
                              Witness(runs=exec_runs, seed=seed, on_memory=True, replay=False))
        c.extra["function"] = name
        print(f"@{name}: {verdict_text(c.verdict)}", file=log)
        print_native(name, c, log)
        verdicts.append(c.record())
        done.append(c)
    return exit_code(done)


def print_native(name: str, c: Comparison, log: TextIO) -> None:
    n = c.native or {}
    if n.get("skipped"):
        print(f"@{name}: native: skipped ({n['skipped']})", file=log)
        return
    if n.get("first"):
        print(f"@{name}: native mismatch: {n['first']}", file=log)
    print(f"@{name}: native: {n.get('runs', 0)} runs, {n.get('mismatches', 0)} mismatches", file=log)
