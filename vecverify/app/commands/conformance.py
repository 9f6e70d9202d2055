"""run Alive2's alive-tv suite and score the verdicts

``vecverify conformance [SUITE]``: each file in a worker process with a time limit; the
agreement table by folder (``vecverify/app/conformance.py``).
"""

from __future__ import annotations

import argparse
import json
import os
from collections import Counter
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from ...errors import InputError
from ...exit_codes import EXIT_INCORRECT, EXIT_OK
from ...refine import CheckOptions
from ..conformance import (
    CATEGORIES,
    SCORED_FOLDERS,
    Baseline,
    below_baseline,
    collect,
    default_suite,
    score,
    tally,
)
from ..options import non_negative
from .check import add_check_options, check_options


def add_command(sub: Any) -> argparse.ArgumentParser:
    conf = sub.add_parser("conformance", help="run Alive2's alive-tv suite and score the verdicts")
    conf.add_argument("suite", nargs="?", type=Path, default=None,
                      help="the suite's folder (default: ../shared/conformance/alive2)")
    conf.add_argument("--folders", nargs="*", default=None, help="only these folders ('.' for the root)")
    conf.add_argument("--file-timeout", type=float, default=60.0, metavar="S",
                      help="wall-clock limit per file in seconds (default 60)")
    conf.add_argument("--jobs", type=non_negative, default=2, help="parallel processes (default 2)")
    conf.add_argument("--json", type=Path, metavar="FILE", help="write per-file results as JSON")
    conf.add_argument("--baseline", type=Path, metavar="FILE",
                      help="fail (exit 1) below this recorded floor (tests/data/conformance_baseline.json): "
                           "a wrong verdict not listed as deliberate, an internal error, or fewer agreeing "
                           "files; the files that time out are tried once more at 3x the limits, so the "
                           "floor does not measure the machine's load")
    add_check_options(conf)
    conf.set_defaults(run=cmd_conformance)
    return conf


def cmd_conformance(args: argparse.Namespace) -> int:
    return run_conformance(args, check_options(args))


def run_conformance(args: argparse.Namespace, options: CheckOptions) -> int:
    # rich: the table and progress bar only (start-up of the workers, which import this module).
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    suite: Path = args.suite or default_suite()
    if not suite.is_dir():
        raise InputError(f"{suite}: not a directory (the Alive2 suite)")
    baseline = _read_baseline(args.baseline) if args.baseline else None
    retry = replace(options, timeout_ms=3 * options.timeout_ms) if baseline else None
    folders = args.folders or list(SCORED_FOLDERS)
    total = len(collect(suite, folders))
    with Progress(transient=True, disable=not os.isatty(2)) as bar:
        task = bar.add_task("conformance", total=total)
        results = score(suite, folders, options, args.jobs, args.file_timeout,
                        lambda: bar.advance(task), retry=retry)
    per = tally(results)
    table = Table(title=f"vecverify vs Alive2 ({suite})")
    table.add_column("folder")
    table.add_column("files", justify="right")
    for c in CATEGORIES:
        table.add_column(c, justify="right")
    overall: Counter[str] = Counter()
    for folder in folders:
        cnt = per.get(folder, Counter())
        overall += cnt
        table.add_row(folder, str(sum(cnt.values())), *(str(cnt[c]) for c in CATEGORIES))
    table.add_row("all", str(sum(overall.values())), *(str(overall[c]) for c in CATEGORIES))
    console = Console(width=140)
    console.print(table)
    scored = sum(overall.values()) - overall["xfail"]
    print(f"agreement: {overall['agree']} of {scored} ({100.0 * overall['agree'] / max(1, scored):.1f}%)")
    for r in results:
        if r.category == "wrong":
            deliberate = baseline is not None and r.file in baseline.known_disagreements
            print(f"WRONG: {r.file}: expected {r.expected}, got {r.got}"
                  + (" (recorded as deliberate in the baseline)" if deliberate else ""))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in results], indent=1))
    if baseline is None:
        return EXIT_INCORRECT if overall["wrong"] else EXIT_OK
    failures = below_baseline(results, baseline)
    for line in failures:
        print(f"BELOW BASELINE: {line}")
    if not failures:
        print(f"meets the baseline {args.baseline} (at least {baseline.min_agree} agree, "
              f"{len(baseline.known_disagreements)} deliberate disagreements)")
    return EXIT_INCORRECT if failures else EXIT_OK


def _read_baseline(path: Path) -> Baseline:
    try:
        return Baseline.read(path)
    except OSError as e:
        raise InputError(f"{path}: cannot read the baseline ({e.strerror})") from None
    except (ValueError, KeyError, TypeError) as e:
        raise InputError(f"{path}: not a conformance baseline (JSON with min_agree: {e})") from None
