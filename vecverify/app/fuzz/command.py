"""``vecverify fuzz`` and ``vecverify mutants``: argument parsing and output.

Found by the command line through ``vecverify/app/commands/fuzz.py`` and ``mutants.py``.
Each sets ``run=`` on its subparser; bad options are one line and exit 2 (through
``vecverify.app.options.Parser``, or InputError caught by ``vecverify.app.cli.main``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from ...errors import InputError
from ...exit_codes import EXIT_BAD_INPUT, EXIT_INTERRUPTED
from ..options import (
    Parser,
    add_cluster_options,
    at_least_one,
    non_negative,
    placement,
    seconds,
    shard,
)
from . import reports
from .campaign import (
    DEFAULT_CORPUS,
    DEFAULT_DATABASE,
    DEFAULT_TIMEOUT_MS,
    CampaignOptions,
    run_campaign,
)
from .database import SharedDatabase, check_redis_url
from .mutants import all_mutants, get_mutant
from .survey import survey


def add_fuzz_command(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "fuzz", help="generate programs, transform, prove and run them natively; save every failure",
        description="Fuzz the registered transforms with Hypothesis-generated kernels. Every failure "
        "is shrunk to a minimal program and saved in the corpus as NAME.srctgt.ll. "
        "Exit 0: no failures; 1: failures found, or a transform declined all of its (25 or more) "
        "programs; 2: bad usage; 130: interrupted without failures.",
    )
    p.add_argument("--transform", action="append", metavar="NAME", dest="transforms",
                   help="a registered transform (repeatable; default: all)")
    p.add_argument("--mutant", metavar="NAME", help="fuzz one mutant (see `vecverify mutants`) instead")
    p.add_argument("--budget", type=seconds, metavar="SECONDS", help="wall-clock time box")
    p.add_argument("--max-examples", type=at_least_one, metavar="N",
                   help="programs per transform over all shards (default 100 without --budget)")
    p.add_argument("--seed", type=non_negative, help="campaign seed (default: random, printed)")
    p.add_argument("--jobs", type=at_least_one, default=1, metavar="N", help="worker processes (default 1)")
    add_cluster_options(p)
    p.add_argument("--shard", type=shard, default=(1, 1), metavar="I/N",
                   help="run the I-th of N deterministic slices of the work (1-based)")
    p.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, metavar="DIR",
                   help=f"where findings are saved (default {DEFAULT_CORPUS})")
    p.add_argument("--database", type=Path, default=DEFAULT_DATABASE, metavar="DIR",
                   help=f"Hypothesis example database (default {DEFAULT_DATABASE})")
    p.add_argument("--no-database", action="store_true", help="do not read or write the example database")
    p.add_argument("--shared-database", metavar="URL",
                   help="also keep examples in this Redis database (redis://HOST:PORT/DB), shared by "
                   "every CI worker and shard; needs the redis package")
    p.add_argument("--timeout-ms", type=at_least_one, default=DEFAULT_TIMEOUT_MS, metavar="N",
                   help=f"solver time limit per query (default {DEFAULT_TIMEOUT_MS}); running out is counted "
                   "as inconclusive, a failure only with --strict")
    p.add_argument("--strict", action="store_true",
                   help="a proof that runs out of time is a failure too (machine-speed dependent)")
    p.add_argument("--no-native", action="store_true", help="skip the native runs")
    p.add_argument("--json", type=Path, metavar="FILE", help="write a JSON report")
    p.add_argument("--junit", type=Path, metavar="FILE", help="write a JUnit XML report")
    p.set_defaults(run=run_fuzz)
    return p


def options_from_args(args: argparse.Namespace) -> CampaignOptions:
    if args.mutant and args.transforms:
        raise InputError("give --transform or --mutant, not both")
    database: Any = None if args.no_database else args.database
    if args.shared_database:
        database = SharedDatabase(database, check_redis_url(args.shared_database))
    where = placement(args, args.jobs)
    return CampaignOptions(
        transforms=args.transforms, mutant=args.mutant, budget=args.budget, max_examples=args.max_examples,
        seed=args.seed, jobs=where.jobs, cluster=where.cluster, cluster_security=where.security,
        shard=args.shard, corpus=args.corpus,
        database=database, timeout_ms=args.timeout_ms,
        native=not args.no_native, strict=args.strict,
    )


def run_fuzz(args: argparse.Namespace) -> int:
    options = options_from_args(args)
    err = Console(stderr=True)
    if err.is_terminal:
        with reports.LiveProgress(err, options.budget, options.max_examples) as live:
            options.progress = live
            result = run_campaign(options)
    else:
        result = run_campaign(options)
    # Reports are written even after an interruption (the campaign returns normally then).
    if args.json:
        reports.write_json(result, args.json)
    if args.junit:
        reports.write_junit(result, args.junit)
    reports.print_summary(result, Console(width=max(120, Console().width)))
    return result.exit_code


def add_mutants_command(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "mutants", help="run a short campaign against each deliberately wrong transform variant",
        description="Each mutant must be caught by the proof, and natively unless it only adds "
        "poison. Exit 0 when every mutant is caught so, 1 otherwise.",
    )
    p.add_argument("names", nargs="*", metavar="MUTANT", help="mutants to run (default: all)")
    p.add_argument("--max-examples", type=at_least_one, default=60, metavar="N", help="programs per mutant (default 60)")
    p.add_argument("--budget", type=seconds, default=30.0, metavar="SECONDS", help="time per mutant (default 30)")
    p.add_argument("--seed", type=non_negative, default=0)
    p.add_argument("--list", action="store_true", help="list the mutants and exit")
    p.add_argument("--json", type=Path, metavar="FILE", help="write the table as JSON")
    p.set_defaults(run=run_mutants)
    return p


def run_mutants(args: argparse.Namespace) -> int:
    if args.list:
        for m in all_mutants():
            print(f"{m.name}\t{m.description}")
        return 0
    names = args.names or None
    for n in names or []:
        get_mutant(n)  # unknown -> one line, exit 2
    rows = survey(names, max_examples=args.max_examples, budget=args.budget, seed=args.seed)
    table = Table(title="vecverify mutants")
    for col in ("mutant", "programs", "caught by proof", "caught natively"):
        table.add_column(col)
    for r in rows:
        proof = f"[green]yes[/] ({r.proof_seconds:.2f}s)" if r.proof_seconds is not None else "[red]NO[/]"
        if r.native == "caught":
            nat = f"yes ({r.native_seconds:.2f}s)"
        elif r.native == "unavailable":
            nat = "native unavailable"
        elif r.native == "poison only":
            nat = "not visible: poison only (same bits natively)"
        else:
            nat = "[red]missed[/]"
        table.add_row(r.mutant, str(r.programs), proof, nat)
    Console(width=max(120, Console().width)).print(table)
    if args.json:
        args.json.write_text(json.dumps([r.__dict__ for r in rows], indent=2) + "\n")
    missed = [r.mutant for r in rows if not r.caught]
    unseen = [r.mutant for r in rows if r.native == "missed"]
    print(f"{len(rows) - len(missed)} of {len(rows)} mutants caught by the proof; "
          f"{sum(r.native == 'caught' for r in rows)} natively, {sum(r.native == 'poison only' for r in rows)} "
          "only add poison (invisible natively)" + (f"; missed natively: {', '.join(unseen)}" if unseen else ""))
    return 0 if not missed and not unseen else 1


def main(argv: list[str] | None = None) -> int:
    """``python -m vecverify.app.fuzz fuzz|mutants ...``: the commands without the main CLI."""
    parser = Parser(prog="vecverify")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    add_fuzz_command(sub)
    add_mutants_command(sub)
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except InputError as e:
        print(f"vecverify: error: {e}", file=sys.stderr)
        code = EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("vecverify: interrupted", file=sys.stderr)
        code = EXIT_INTERRUPTED
    return code
