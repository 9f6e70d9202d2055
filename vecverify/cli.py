"""The command line: ``vecverify check`` (alive-tv compatible) and the other commands.

Exit codes (all commands):
  0  everything checked is correct (for a directory: every file got its expected verdict)
  1  some transformation is incorrect (for a directory: some file got an unexpected verdict)
  2  bad input or bad usage (one line on stderr says what and where)
  3  nothing incorrect, but something was unsupported or failed to prove
  4  internal error (a bug in vecverify: please report it)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any, NoReturn

from .checker import PairResult, check_case, check_files
from .errors import InputError, InternalError, Unsupported, VecverifyError
from .refine import CheckOptions
from .report import RULE, format_example, verdict_text
from .testfile import discover

EXIT_OK, EXIT_INCORRECT, EXIT_BAD_INPUT, EXIT_INCONCLUSIVE, EXIT_INTERNAL = 0, 1, 2, 3, 4


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2
        print(f"vecverify: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0: {n}")
    return n


def _add_check_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--unroll", type=_positive, default=4, metavar="N",
                   help="unroll each loop N times: executions iterating a loop more often are not checked (default 4)")
    from .fuzz.command import at_least_one

    p.add_argument("--timeout-ms", type=at_least_one, default=10_000, metavar="N",
                   help="solver time limit per query in milliseconds (default 10000)")
    p.add_argument("--disable-undef-input", action="store_true", help="arguments are never undef")
    p.add_argument("--disable-poison-input", action="store_true", help="arguments are never poison")
    p.add_argument("--smt2", type=Path, metavar="DIR", help="write every query as SMT-LIB 2 into DIR")


def _options(args: argparse.Namespace) -> CheckOptions:
    return CheckOptions(
        unroll=args.unroll,
        timeout_ms=args.timeout_ms,
        undef_inputs=not args.disable_undef_input,
        poison_inputs=not args.disable_poison_input,
        smt2_dir=args.smt2,
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="vecverify", description="Verify SIMD vectorization transforms.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    check = sub.add_parser("check", help="check that @tgt refines @src (alive-tv style)")
    check.add_argument("files", nargs="+", type=Path, metavar="FILE",
                       help="FILE with @src and @tgt; SRC.ll TGT.ll (paired by name); or a directory")
    check.add_argument("--src-fn", metavar="NAME", help="source function name")
    check.add_argument("--tgt-fn", metavar="NAME", help="target function name")
    check.add_argument("--json", action="store_true", help="print results as JSON")
    check.add_argument("--exec", type=_positive, default=0, metavar="N", dest="exec_runs",
                       help="also run both functions natively on N random inputs")
    check.add_argument("--seed", type=_positive, default=0, help="seed of the random inputs (default 0)")
    _add_check_options(check)
    check.set_defaults(run=cmd_check)

    ex = sub.add_parser("exec", help="run a function natively and through the semantics, side by side")
    ex.add_argument("file", type=Path, metavar="FILE")
    ex.add_argument("--fn", required=True, metavar="NAME", help="the function to run")
    ex.add_argument("--inputs", type=_positive, default=10, metavar="N", help="random inputs (default 10)")
    ex.add_argument("--seed", type=_positive, default=0)
    ex.add_argument("--args", action="append", metavar="JSON",
                    help="run on these arguments instead (a JSON list; repeat for more inputs)")
    ex.add_argument("--json", action="store_true")
    ex.set_defaults(run=cmd_exec)

    conf = sub.add_parser("conformance", help="run Alive2's alive-tv suite and score the verdicts")
    conf.add_argument("suite", nargs="?", type=Path, default=None,
                      help="the suite's folder (default: ../shared/conformance/alive2)")
    conf.add_argument("--folders", nargs="*", default=None, help="only these folders ('.' for the root)")
    conf.add_argument("--file-timeout", type=float, default=60.0, metavar="S",
                      help="wall-clock limit per file in seconds (default 60)")
    conf.add_argument("--jobs", type=_positive, default=2, help="parallel processes (default 2)")
    conf.add_argument("--json", type=Path, metavar="FILE", help="write per-file results as JSON")
    _add_check_options(conf)
    conf.set_defaults(run=cmd_conformance)

    from transforms.prove import add_prove_command

    add_prove_command(sub)

    from transforms.slp.command import add_vectorize_command

    add_vectorize_command(sub)

    from vecverify.fuzz import add_fuzz_command, add_mutants_command

    add_fuzz_command(sub)
    add_mutants_command(sub)
    return parser


# ----------------------------------------------------------------------------- check


def _print_pair(r: PairResult) -> None:
    from .llvm import print_function

    print(RULE)
    if r.src is not None and r.tgt is not None:
        print(print_function(r.src).rstrip())
        print("=>")
        print(print_function(r.tgt).rstrip())
    print(verdict_text(r.verdict))
    print()


def _summary(results: list[PairResult]) -> Counter[str]:
    return Counter(r.verdict.status for r in results)


def _print_summary(counts: Counter[str]) -> None:
    print("Summary:")
    print(f"  {counts['correct']} correct transformations")
    print(f"  {counts['incorrect']} incorrect transformations")
    print(f"  {counts['failed']} failed-to-prove transformations")
    print(f"  {counts['unsupported'] + counts['error'] + counts['internal']} errors")


def _exit_code(counts: Counter[str]) -> int:
    if counts["incorrect"]:
        return EXIT_INCORRECT
    if counts["internal"]:
        return EXIT_INTERNAL
    if counts["error"]:
        return EXIT_BAD_INPUT
    if counts["unsupported"] or counts["failed"]:
        return EXIT_INCONCLUSIVE
    return EXIT_OK


def _result_json(r: PairResult) -> dict[str, Any]:
    v = r.verdict
    return {
        "src": r.src.name if r.src else None,
        "tgt": r.tgt.name if r.tgt else None,
        "status": v.status,
        "error": v.error,
        "detail": v.detail or None,
        "unroll": v.unroll,
        "has_loops": v.has_loops,
        "seconds": round(v.seconds, 4),
        "queries": v.queries,
        "example": format_example(v) if v.example is not None else None,
    }


def cmd_check(args: argparse.Namespace) -> int:
    options = _options(args)
    files: list[Path] = args.files
    if len(files) > 2:
        raise InputError("check takes FILE, SRC.ll TGT.ll, or a directory")
    if len(files) == 1 and files[0].is_dir():
        return _check_directory(files[0], options, args.json)
    results = check_files(files[0], files[1] if len(files) == 2 else None, options, args.src_fn, args.tgt_fn)
    counts = _summary(results)
    native = {id(r): _native_runs(r, args.exec_runs, args.seed) for r in results} if args.exec_runs else {}
    replays = {id(r): _native_counterexample(r) for r in results if r.verdict.example is not None}
    if args.json:
        out = []
        for r in results:
            item = _result_json(r)
            if id(r) in native:
                item["native"] = native[id(r)]
            if id(r) in replays:
                item["native_counterexample"] = replays[id(r)]
            out.append(item)
        print(json.dumps({"results": out, "summary": dict(counts)}, indent=2))
    else:
        for r in results:
            _print_pair(r)
            if id(r) in replays:
                print(f"native: counterexample {replays[id(r)]['text']}\n")
            if id(r) in native:
                n = native[id(r)]
                print(f"native: {n['runs']} runs, {n['mismatches']} mismatches"
                      + (f" (first: {n['first']})" if n.get("first") else "")
                      + (f" ({n['skipped']})" if n.get("skipped") else "") + "\n")
        _print_summary(counts)
    if any(n.get("mismatches") for n in native.values()):
        return EXIT_INCORRECT
    return _exit_code(counts)


def _native_runs(r: PairResult, count: int, seed: int) -> dict[str, Any]:
    """Both functions run natively on random inputs where the source is defined."""
    from .native_check import compare_natively, pair_runs_json

    if r.src is None or r.tgt is None:
        return {"runs": 0, "mismatches": 0, "skipped": "no functions"}
    try:
        return pair_runs_json(compare_natively(r.src, r.tgt, count, seed))
    except Unsupported as e:
        return {"runs": 0, "mismatches": 0, "skipped": str(e)}


def _native_counterexample(r: PairResult) -> dict[str, Any]:
    """The counterexample run natively (when it is free of UB and poison)."""
    from .native_check import results_text, run_counterexample

    try:
        run = run_counterexample(r.verdict.example)
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


def cmd_exec(args: argparse.Namespace) -> int:
    from .checker import read_module
    from .native_check import exec_function, exec_json, exec_text, parse_args, standalone

    module = read_module(args.file)
    if args.fn not in module.functions:
        raise InputError(f"{args.file}: no function @{args.fn}")
    fn = module.functions[args.fn]
    given = [parse_args(fn, text) for text in args.args] if args.args else None
    report = exec_function(fn, standalone(fn), args.inputs, args.seed, given)
    if args.json:
        print(json.dumps(exec_json(report), indent=2))
    else:
        print(exec_text(report))
    return EXIT_INCORRECT if report.disagreements else EXIT_OK


def _check_directory(root: Path, options: CheckOptions, as_json: bool) -> int:
    from rich.console import Console
    from rich.table import Table

    cases = discover(root)
    if not cases:
        raise InputError(f"{root}: no .ll test files")
    rows = []
    mismatches = 0
    all_results: list[PairResult] = []
    for case in cases:
        results = check_case(case, options)
        all_results += results
        got = _case_outcome(results)
        expected = f"ERROR: {case.expected_error}" if case.expected_error else "correct"
        ok = _matches(case.expected_error, results)
        mismatches += not ok
        seconds = sum(r.verdict.seconds for r in results)
        rows.append((str(case.src_path.relative_to(root)) if case.src_path != root else case.name,
                     expected, got, seconds, ok, results))
    counts = _summary(all_results)
    if as_json:
        print(json.dumps({
            "files": [{"file": f, "expected": e, "got": g, "seconds": round(s, 4), "as_expected": ok,
                       "results": [_result_json(r) for r in rs]} for f, e, g, s, ok, rs in rows],
            "summary": dict(counts), "unexpected": mismatches}, indent=2))
    else:
        table = Table(title=f"vecverify check {root}")
        for col in ("file", "expected", "verdict", "time (s)", ""):
            table.add_column(col)
        for f, e, g, s, ok, _ in rows:
            table.add_row(f, e, g, f"{s:.2f}", "ok" if ok else "[bold red]UNEXPECTED[/]")
        Console(width=160).print(table)
        _print_summary(counts)
        print(f"{len(rows) - mismatches} of {len(rows)} files as expected")
    return EXIT_OK if mismatches == 0 else EXIT_INCORRECT


def _case_outcome(results: list[PairResult]) -> str:
    for r in results:
        if r.verdict.status == "incorrect":
            return f"ERROR: {r.verdict.error}"
    for r in results:
        if r.verdict.status != "correct":
            return r.verdict.status + (f": {r.verdict.detail}" if r.verdict.detail else "")
    return "correct"


def _matches(expected_error: str | None, results: list[PairResult]) -> bool:
    statuses = {r.verdict.status for r in results}
    if expected_error is None:
        return statuses == {"correct"}
    return any(r.verdict.status == "incorrect" and (r.verdict.error or "").startswith(expected_error)
               for r in results)


def cmd_conformance(args: argparse.Namespace) -> int:
    from .conformance import run_conformance

    return run_conformance(args, _options(args))


# ----------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except Unsupported as e:
        print(f"vecverify: {e}", file=sys.stderr)
        code = EXIT_INCONCLUSIVE
    except InternalError as e:
        print(f"vecverify: internal error: {e}", file=sys.stderr)
        code = EXIT_INTERNAL
    except (InputError, VecverifyError) as e:
        print(f"vecverify: error: {e}", file=sys.stderr)
        code = EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("vecverify: interrupted", file=sys.stderr)
        code = 130
    except BrokenPipeError:
        code = 0
    sys.stdout.flush()
    return code


if __name__ == "__main__":
    raise SystemExit(main())
