"""check that @tgt refines @src (alive-tv style)

``vecverify check FILE | SRC.ll TGT.ll | DIR``: every pair through
``vecverify.compare.compare_functions``, printed as alive-tv prints it (or ``--json``),
with a summary; a directory is read with Alive2's test protocol and gets a table.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...checker import read_module, select_pairs
from ...compare import Comparison, Witness, compare_case, compare_functions, exit_code
from ...errors import InputError
from ...exit_codes import EXIT_BAD_INPUT, EXIT_INCORRECT, EXIT_OK
from ...ir.vscale import DEFAULT_VSCALE_MAX
from ...jobs import LostJob, Placement
from ...portfolio import CHECK_SOLVER
from ...refine import CheckOptions
from ...testfile import TestCase, discover
from ..options import add_cluster_options, add_solver_option, at_least_one, non_negative, placement


def add_command(sub: Any) -> argparse.ArgumentParser:
    check = sub.add_parser("check", help="check that @tgt refines @src (alive-tv style)")
    check.add_argument("files", nargs="+", type=Path, metavar="FILE",
                       help="FILE with @src and @tgt; SRC.ll TGT.ll (paired by name); or a directory")
    check.add_argument("--src-fn", metavar="NAME", help="source function name")
    check.add_argument("--tgt-fn", metavar="NAME", help="target function name")
    check.add_argument("--json", action="store_true", help="print results as JSON")
    check.add_argument("-q", "--quiet", action="store_true",
                       help="a directory: no progress bar, only the unexpected files and the summary")
    check.add_argument("--exec", type=non_negative, default=0, metavar="N", dest="exec_runs",
                       help="also run both functions natively on N random inputs")
    check.add_argument("--seed", type=non_negative, default=0, help="seed of the random inputs (default 0)")
    check.add_argument("-j", "--jobs", type=at_least_one, default=1, metavar="N",
                       help="a directory's files checked in N worker processes (default 1)")
    add_cluster_options(check)
    add_check_options(check)
    check.set_defaults(run=cmd_check)
    return check


def add_check_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--unroll", type=non_negative, default=4, metavar="N",
                   help="unroll each loop N times: executions iterating a loop more often are not checked (default 4)")
    p.add_argument("--timeout-ms", type=at_least_one, default=10_000, metavar="N",
                   help="solver time limit per query in milliseconds (default 10000)")
    p.add_argument("--disable-undef-input", action="store_true", help="arguments are never undef")
    p.add_argument("--disable-poison-input", action="store_true", help="arguments are never poison")
    p.add_argument("--smt2", type=Path, metavar="DIR", help="write every query as SMT-LIB 2 into DIR")
    p.add_argument("--loops", choices=("prove", "bounded"), default="prove",
                   help="functions with loops: infer a witness proving them for every trip count, else the "
                        "bounded check (prove, the default), or the bounded check only (docs/loops.md)")
    p.add_argument("--vscale-max", type=at_least_one, default=DEFAULT_VSCALE_MAX, metavar="N",
                   help="scalable vectors: the largest vscale checked where a function's vscale_range does "
                        f"not bound it (default {DEFAULT_VSCALE_MAX}; docs/scalable.md)")
    add_solver_option(p, CHECK_SOLVER)


def check_options(args: argparse.Namespace) -> CheckOptions:
    return CheckOptions(
        unroll=args.unroll,
        timeout_ms=args.timeout_ms,
        undef_inputs=not args.disable_undef_input,
        poison_inputs=not args.disable_poison_input,
        smt2_dir=args.smt2,
        loops=args.loops,
        solver=args.solver,
        vscale_max=args.vscale_max,
    )


def _print_summary(counts: Counter[str]) -> None:
    print("Summary:")
    print(f"  {counts['correct']} correct transformations")
    print(f"  {counts['incorrect']} incorrect transformations")
    print(f"  {counts['failed']} failed-to-prove transformations")
    print(f"  {counts['unsupported'] + counts['error'] + counts['internal']} errors")
    if counts["lost"]:
        print(f"  {counts['lost']} lost on the cluster (not checked)")


def cmd_check(args: argparse.Namespace) -> int:
    options = check_options(args)
    files: list[Path] = args.files
    if len(files) > 2:
        raise InputError("check takes FILE, SRC.ll TGT.ll, or a directory")
    where = placement(args, args.jobs)
    if len(files) == 1 and files[0].is_dir():
        return _check_directory(files[0], options, args.json, where, quiet=args.quiet)
    if where.parallel:
        raise InputError(f"{'--cluster' if where.cluster else '-j/--jobs'}: only for a directory "
                         "(its files are checked in parallel)")
    src_mod = read_module(files[0])
    tgt_mod = src_mod if len(files) == 1 else read_module(files[1])
    pairs = select_pairs(src_mod, tgt_mod, len(files) == 1, args.src_fn, args.tgt_fn)
    witness = Witness(runs=args.exec_runs, seed=args.seed)
    results = [compare_functions(s, t, options, witness) for s, t in pairs]
    counts = Counter(r.status for r in results)
    if args.json:
        import json  # --json alone

        print(json.dumps({"results": [r.record() for r in results], "summary": dict(counts)}, indent=2))
    else:
        for r in results:
            print(r.text())
            print()
            for line in r.native_lines():
                print(line + "\n")
        _print_summary(counts)
    return exit_code(results)


@dataclass
class _Row:
    """One file of a directory check, as plain data (what a worker process sends back)."""

    file: str
    expected: str
    got: str
    seconds: float
    as_expected: bool
    statuses: list[str]
    records: list[dict[str, Any]]


def _check_row(case: TestCase, root: Path, options: CheckOptions) -> _Row:
    results = compare_case(case, options)
    expected = f"ERROR: {case.expected_error}" if case.expected_error else "correct"
    name = str(case.src_path.relative_to(root)) if case.src_path != root else case.name
    return _Row(name, expected, _case_outcome(results), sum(r.verdict.seconds for r in results),
                _matches(case.expected_error, results), [r.verdict.status for r in results],
                [r.record() for r in results])


def _check_row_star(job: tuple[TestCase, Path, CheckOptions]) -> _Row:
    return _check_row(*job)


def _lost_row(job: tuple[TestCase, Path, CheckOptions], why: str) -> LostJob:
    """The row of a file whose job a cluster lost: not checked, verdict ``lost``."""
    case, root, _ = job
    name = str(case.src_path.relative_to(root)) if case.src_path != root else case.name
    expected = f"ERROR: {case.expected_error}" if case.expected_error else "correct"
    return LostJob(name, _Row(name, expected, f"lost: {why}", 0.0, False, ["lost"], []))


def _rows(cases: list[TestCase], root: Path, options: CheckOptions, where: Placement,
          bar_shown: bool = True) -> tuple[list[_Row], bool]:
    """Every file's row, in order, and whether all came (Ctrl-C keeps the rows that did);
    in parallel where ``where`` says (worker processes or a cluster), each worker paying
    the start-up once for all the files it checks."""
    got: dict[int, _Row] = {}
    try:
        if not where.spread(len(cases)):
            from ...pool import ProgressBar

            with ProgressBar("checking", bar_shown) as bar:
                for i, case in enumerate(cases):
                    bar(i, len(cases), case.name)
                    got[i] = _check_row(case, root, options)
        else:
            from ...pool import ProgressBar, run_all  # multiprocessing: only for -j (start-up)

            with ProgressBar("checking", bar_shown) as bar:
                for i, row in run_all(_check_row_star, [(case, root, options) for case in cases], where, bar,
                                      on_lost=_lost_row):
                    got[i] = row
    except KeyboardInterrupt:
        return [got[i] for i in sorted(got)], False
    return [got[i] for i in sorted(got)], True


def _check_directory(root: Path, options: CheckOptions, as_json: bool, where: Placement, quiet: bool = False) -> int:
    # rich: only a directory's table needs it (start-up of a single check).
    from rich.console import Console
    from rich.table import Table

    cases = discover(root)
    if not cases:
        raise InputError(f"{root}: no .ll test files")
    rows, complete = _rows(cases, root, options, where, bar_shown=not (quiet or as_json))
    mismatches = sum(not r.as_expected for r in rows)
    counts = Counter(status for r in rows for status in r.statuses)
    if as_json:
        import json

        print(json.dumps({
            "files": [{"file": r.file, "expected": r.expected, "got": r.got, "seconds": round(r.seconds, 4),
                       "as_expected": r.as_expected, "results": r.records} for r in rows],
            "summary": dict(counts), "unexpected": mismatches}, indent=2))
    elif quiet:
        for r in rows:
            if not r.as_expected:
                print(f"UNEXPECTED: {r.file}: expected {r.expected}, got {r.got}")
        _print_summary(counts)
        print(f"{len(rows) - mismatches} of {len(rows)} files as expected")
    else:
        table = Table(title=f"vecverify check {root}")
        for col in ("file", "expected", "verdict", "time (s)", ""):
            table.add_column(col)
        for r in rows:
            table.add_row(r.file, r.expected, r.got, f"{r.seconds:.2f}", "ok" if r.as_expected else "[bold red]UNEXPECTED[/]")
        Console(width=160).print(table)
        _print_summary(counts)
        print(f"{len(rows) - mismatches} of {len(rows)} files as expected")
    if not complete:
        print(f"interrupted: {len(rows)} of {len(cases)} files checked", file=sys.stderr)
        raise KeyboardInterrupt  # after the rows that came: exit 130
    if any(not r.as_expected and r.statuses != ["lost"] for r in rows):
        return EXIT_INCORRECT
    return EXIT_BAD_INPUT if counts["lost"] else EXIT_OK  # a lost file: not checked (exit 2, as errors)


def _case_outcome(results: list[Comparison]) -> str:
    for r in results:
        if r.verdict.status == "incorrect":
            return f"ERROR: {r.verdict.error}"
    for r in results:
        if r.verdict.status != "correct":
            return r.verdict.status + (f": {r.verdict.detail}" if r.verdict.detail else "")
    return "correct"


def _matches(expected_error: str | None, results: list[Comparison]) -> bool:
    statuses = {r.verdict.status for r in results}
    if expected_error is None:
        return statuses == {"correct"}
    return any(r.verdict.status in ("incorrect", "error") and (r.verdict.error or "").startswith(expected_error)
               for r in results)
