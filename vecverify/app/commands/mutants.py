"""run a short campaign against each deliberately wrong transform variant

``vecverify mutants``: every mutant (declared by its transform, found through the
registry: vecverify/app/fuzz/mutants.py) must be caught by the proof, and natively unless
it only adds poison (vecverify/app/fuzz/survey.py).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from ...exit_codes import EXIT_INCORRECT, EXIT_OK
from ..fuzz.mutants import all_mutants, get_mutant
from ..fuzz.survey import survey
from ..options import at_least_one, non_negative, seconds


def add_command(subparsers: Any) -> argparse.ArgumentParser:
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
        return EXIT_OK
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
    return EXIT_OK if not missed and not unseen else EXIT_INCORRECT
