"""run Alive2's alive-tv suite and score the verdicts

``vecverify conformance [SUITE]``: each file in a worker process with a time limit; the
agreement table by folder (``vecverify/app/conformance.py``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..conformance import run_conformance
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
    add_check_options(conf)
    conf.set_defaults(run=cmd_conformance)
    return conf


def cmd_conformance(args: argparse.Namespace) -> int:
    return run_conformance(args, check_options(args))
