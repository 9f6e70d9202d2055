"""run opt over LLVM test files and check every function it changed

``vecverify opt-tv FILE.ll... [--passes P] [--opt PATH] [-j N] [--json F] [--junit F]``.
Per file: a table of its functions by outcome, the counterexamples of the incorrect ones;
at the end alive-tv's summary and the reasons of the unsupported ones, most frequent
first (the next gap to close). Exit codes as ``check``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from ...errors import InputError
from ...exit_codes import exit_code as verdict_exit_code
from ...jobs import LostJob, Placement
from ...pool import ProgressBar, in_order, run_all
from ...refine import CheckOptions
from ...toolchain import ToolchainError, ensure_tool
from ..options import add_cluster_options, non_negative, placement
from ..opttv.compare import FileResult, check_file
from .check import add_check_options, check_options

COLUMNS = ("correct", "incorrect", "failed", "unsupported", "unchanged")


def add_command(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("opt-tv", help="run opt over LLVM test files and check every function it changed")
    p.add_argument("files", nargs="+", type=Path, metavar="FILE.ll",
                   help="LLVM IR files (LLVM's tests: the options of the first RUN line that runs opt)")
    p.add_argument("--passes", metavar="P", help="opt's pass pipeline, instead of the RUN line's")
    p.add_argument("--opt", type=Path, metavar="PATH", help="the opt to run (default: opt-22, installed when missing)")
    p.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help="files checked in parallel (default 1)")
    add_cluster_options(p)
    p.add_argument("--json", type=Path, metavar="F", help="write the results as JSON to F")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no progress bar; per file only the incorrect ones and opt's failures; the summary")
    p.add_argument("--junit", type=Path, metavar="F", help="write the results as JUnit XML to F")
    add_check_options(p)
    p.add_argument("--function-timeout-ms", type=non_negative, default=None, metavar="N",
                   help=f"a function's queries share this limit in all (default {FUNCTION_QUERIES} times "
                        "--timeout-ms; 0: none); a verdict it cuts short says so")
    p.set_defaults(run=lambda args: cmd_opttv(args, _with_function_limit(args, check_options(args))))
    return p


# A function's queries share the time of this many queries (opt-tv's default).
FUNCTION_QUERIES = 3


def _with_function_limit(args: argparse.Namespace, options: CheckOptions) -> CheckOptions:
    limit = args.function_timeout_ms
    limit = FUNCTION_QUERIES * options.timeout_ms if limit is None else limit
    return replace(options, function_timeout_ms=limit or None)


def _find_opt(given: Path | None) -> Path:
    if given is not None:
        if not given.is_file():
            raise InputError(f"{given}: no such opt")
        return given
    try:
        return ensure_tool("opt", sys.stderr)
    except ToolchainError as e:
        raise InputError(str(e)) from None


def _check_file_star(job: tuple[Path, Path, str | None, CheckOptions]) -> FileResult:
    return check_file(*job)


def _lost_file(job: tuple[Path, Path, str | None, CheckOptions], why: str) -> LostJob:
    """A file whose job a cluster lost: not checked, an error (exit 2)."""
    return LostJob(str(job[0]), FileResult(str(job[0]), error=f"lost on the cluster: {why}"))


def _results(files: list[Path], opt: Path, passes: str | None, options: CheckOptions,
             where: Placement, bar_shown: bool = True) -> Iterator[FileResult]:
    """Each file's result in the files' order, as soon as it and those before it are in."""
    if not where.spread(len(files)):
        with ProgressBar("opt-tv", bar_shown) as bar:
            for i, f in enumerate(files):
                bar(i, len(files), f.name)
                yield check_file(f, opt, passes, options)
        return
    with ProgressBar("opt-tv", bar_shown) as bar:
        yield from in_order(run_all(_check_file_star, [(f, opt, passes, options) for f in files], where, bar,
                                    on_lost=_lost_file))


def cmd_opttv(args: argparse.Namespace, options: CheckOptions) -> int:
    if args.jobs < 1:
        raise InputError("-j must be at least 1")
    for f in args.files:
        if not f.is_file():
            raise InputError(f"{f}: no such file")
    where = placement(args, args.jobs)
    opt = _find_opt(args.opt)
    results = []
    interrupted = False
    try:
        for r in _results(args.files, opt, args.passes, options, where, bar_shown=not args.quiet):
            results.append(r)
            if not args.quiet or r.error or any(f.status == "incorrect" for f in r.functions):
                print_file(r)
    except KeyboardInterrupt:  # the summary and reports of the files that came
        interrupted = True
    totals = Counter[str]()
    for r in results:
        totals.update(r.counts())
    print_summary(results, totals)
    if args.json:
        args.json.write_text(json.dumps({"files": [asdict(r) for r in results],
                                         "summary": dict(totals)}, indent=2) + "\n")
    if args.junit:
        write_junit(results, args.junit)
    if interrupted:
        print(f"interrupted: {len(results)} of {len(args.files)} files checked", file=sys.stderr)
        raise KeyboardInterrupt  # exit 130
    return exit_code(results, totals)


def exit_code(results: list[FileResult], totals: Counter[str]) -> int:
    """As ``check``: a file opt could not run on counts as bad input."""
    return verdict_exit_code({**totals, "error": sum(1 for r in results if r.error)})


def print_file(r: FileResult) -> None:
    print(f"== {r.file}")
    if r.command:
        print(f"   {' '.join(r.command)}")
    if r.error:
        print(f"   error: {r.error}\n")
        return
    for f in r.functions:
        if f.status == "incorrect":
            print(f.text)
            if f.native:
                print(f"native: counterexample {f.native}")
            print()
    rows = [(f.name, f.status + (f": {f.error or f.detail}" if f.error or f.detail else "")
             + (f" ({f.coverage})" if f.coverage else
                f" (loops unrolled {f.unrolled} times)" if f.unrolled is not None else "")
             + (f" ({f.vscale})" if f.vscale else "")
             + "".join(f" (suspicious, WARNING: {w})" for w in f.warnings),
             f"{f.seconds:.2f}") for f in r.functions]
    width = max((len(n) for n, _, _ in rows), default=8)
    for name, outcome, secs in rows:
        print(f"   @{name:<{width}}  {secs:>6} s  {outcome}")
    counts = r.counts()
    print("   " + ", ".join(f"{counts[c]} {c}" for c in COLUMNS)
          + (f", {counts['internal']} internal" if counts["internal"] else "")
          + f"  ({r.seconds:.1f} s)\n")


def print_summary(results: list[FileResult], totals: Counter[str]) -> None:
    header = ("file", *COLUMNS, "time (s)")
    rows = [(Path(r.file).name, *(("opt failed" if r.error and i == 0 else "") if r.error
                                   else str(r.counts()[c]) for i, c in enumerate(COLUMNS)),
             f"{r.seconds:.1f}") for r in results]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows, strict=True)]
    for row in (header, *rows):
        print("  ".join(str(x).ljust(w) for x, w in zip(row, widths, strict=True)).rstrip())
    print("\nSummary:")
    print(f"  {totals['correct']} correct transformations")
    print(f"  {totals['incorrect']} incorrect transformations")
    print(f"  {totals['failed']} failed-to-prove transformations")
    print(f"  {totals['unsupported'] + totals['internal']} errors")
    print(f"  ({totals['unchanged']} functions unchanged by the pass, "
          f"{sum(1 for r in results if r.error)} files with no verdict)")
    vacuous = [(r.file, f) for r in results for f in r.functions if f.status == "correct" and f.warnings]
    if vacuous:  # correct, but refined by anything: suspicious
        print(f"\nSuspicious: {len(vacuous)} correct verdicts say nothing (WARNING: "
              f"{vacuous[0][1].warnings[0]}):")
        for file, f in vacuous:
            print(f"  {Path(file).name}: @{f.name}")
    reasons = Counter(f.detail for r in results for f in r.functions if f.status == "unsupported")
    if reasons:
        print("\nUnsupported, most frequent first:")
        for reason, n in reasons.most_common():
            print(f"  {n:4}  {reason}")


def write_junit(results: list[FileResult], path: Path) -> None:
    """One test suite per file, one test case per function: incorrect is a failure,
    internal and opt errors are errors, the rest inconclusive or unchanged is skipped."""
    root = ET.Element("testsuites", name="vecverify opt-tv")
    for r in results:
        counts = r.counts()
        suite = ET.SubElement(root, "testsuite", name=r.file, tests=str(max(1, len(r.functions))),
                              failures=str(counts["incorrect"]),
                              errors=str(counts["internal"] + (1 if r.error else 0)),
                              skipped=str(counts["unsupported"] + counts["failed"] + counts["unchanged"]),
                              time=f"{r.seconds:.3f}")
        if r.error:
            case = ET.SubElement(suite, "testcase", classname=r.file, name="opt")
            ET.SubElement(case, "error", message=r.error)
        for f in r.functions:
            case = ET.SubElement(suite, "testcase", classname=r.file, name=f.name, time=f"{f.seconds:.3f}")
            if f.status == "incorrect":
                ET.SubElement(case, "failure", message=f"ERROR: {f.error}").text = f.text
            elif f.status == "internal":
                ET.SubElement(case, "error", message=f.detail)
            elif f.status != "correct":
                ET.SubElement(case, "skipped", message=f"{f.status}" + (f": {f.detail}" if f.detail else ""))
            elif f.warnings:  # correct but vacuous: not a pass
                ET.SubElement(case, "skipped", message="suspicious: " + "; ".join(f.warnings))
    ET.ElementTree(root).write(path, encoding="unicode", xml_declaration=True)


__all__ = ["add_command", "cmd_opttv"]
