"""generate programs, transform, prove and run them natively; save every failure

``vecverify fuzz``: the campaign (vecverify/app/fuzz/campaign.py) over the registered
transforms, or one mutant; its options as ``CampaignOptions``, its result a
``CampaignResult`` whose ``exit_code`` the command returns. Bad options are one line and
exit 2.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console

from ...errors import InputError
from ..fuzz import reports
from ..fuzz.campaign import (
    DEFAULT_CORPUS,
    DEFAULT_DATABASE,
    DEFAULT_TIMEOUT_MS,
    CampaignOptions,
    run_campaign,
)
from ..fuzz.database import SharedDatabase, check_redis_url
from ..options import (
    add_cluster_options,
    at_least_one,
    non_negative,
    placement,
    seconds,
    shard,
)


def add_command(subparsers: Any) -> argparse.ArgumentParser:
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
        cluster_lost_after=where.lost_after,
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
