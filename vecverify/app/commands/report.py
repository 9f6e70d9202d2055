"""write one static HTML page with plots from the JSON the other commands write

``vecverify report FILE.json... -o report.html [--title T] [--timeout-ms N]`` (the JSON of check,
opt-tv, prove, fuzz, conformance and bench loop): each file
is recognised by its shape; the page has verdicts per file and reason, proof times
against the time limit, rule proofs, native speed per kernel and trip count, conformance
with Alive2 run by run and fuzz campaigns, each figure a PNG embedded in the page.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ...errors import InputError
from ...exit_codes import EXIT_OK
from ..options import at_least_one


def add_command(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("report", help="write one static HTML page with plots from the JSON the other commands write")
    p.add_argument("files", nargs="+", type=Path, metavar="FILE.json",
                   help="JSON of check --json, opt-tv --json, prove --json, fuzz --json, conformance --json, "
                        "./dev bench loop --json")
    p.add_argument("-o", "--output", type=Path, default=Path("report.html"), metavar="HTML",
                   help="the page to write (default report.html)")
    p.add_argument("--title", default="vecverify report", help="the page's title")
    p.add_argument("--timeout-ms", type=at_least_one, metavar="N",
                   help="the time limit the runs used, drawn on the proof times (default: each command's)")
    p.set_defaults(run=cmd_report)
    return p


def cmd_report(args: argparse.Namespace) -> int:
    from ..report.page import render
    from ..report.read import read_runs

    runs = read_runs(args.files)
    page, figures = render(runs, args.title, args.timeout_ms / 1000 if args.timeout_ms else None)
    try:
        args.output.write_text(page, encoding="utf-8")
    except OSError as e:
        raise InputError(f"{args.output}: cannot write: {e.strerror}") from None
    print(f"{args.output}: {figures} figures from {len(args.files)} files")
    return EXIT_OK
