"""run a function natively and through the semantics, side by side

``vecverify exec FILE --fn NAME``: random inputs (or ``--args``), both results printed.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ...checker import read_module
from ...errors import InputError
from ...exit_codes import EXIT_INCORRECT, EXIT_OK
from ...native_check import exec_function, exec_json, exec_text, parse_args, standalone
from ..options import non_negative


def add_command(sub: Any) -> argparse.ArgumentParser:
    ex = sub.add_parser("exec", help="run a function natively and through the semantics, side by side")
    ex.add_argument("file", type=Path, metavar="FILE")
    ex.add_argument("--fn", required=True, metavar="NAME", help="the function to run")
    ex.add_argument("--inputs", type=non_negative, default=10, metavar="N", help="random inputs (default 10)")
    ex.add_argument("--seed", type=non_negative, default=0)
    ex.add_argument("--args", action="append", metavar="JSON",
                    help="run on these arguments instead (a JSON list; repeat for more inputs)")
    ex.add_argument("--json", action="store_true")
    ex.set_defaults(run=cmd_exec)
    return ex


def cmd_exec(args: argparse.Namespace) -> int:
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
