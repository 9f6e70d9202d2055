"""prove the transforms' rewrite rules at every type they claim

``vecverify prove [NAME...]``: each rule's obligation at every type it claims (the proofs:
``transforms/prove.py``). Exit 0: every rule as expected; 1: some rule not; 3: something
failed to prove.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from transforms.prove import TIMEOUT_MS, LawResult, ProofResult, exit_code, prove

from ..options import add_cluster_options, at_least_one, placement


def add_command(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``prove`` to the CLI's subparsers (sets ``run=run_prove``)."""
    p = subparsers.add_parser(
        "prove", help="prove the transforms' rewrite rules at every type they claim",
        description="Prove each rule's obligation (known-false rules must be refuted). "
        "Exit 0: every rule as expected; 1: some rule not; 3: something failed to prove.",
    )
    p.add_argument("names", nargs="*", metavar="NAME", help="rule or transform names, or globs (default: all)")
    p.add_argument("--types", type=lambda s: [x.strip() for x in s.split(",") if x.strip()], default=None,
                   metavar="T,T", help="only these types (i32 also selects vectors of i32)")
    p.add_argument("--timeout-ms", type=int, default=TIMEOUT_MS, metavar="N",
                   help=f"solver time limit per query in milliseconds (default {TIMEOUT_MS})")
    p.add_argument("--jobs", type=at_least_one, default=os.cpu_count() or 1, metavar="N",
                   help="prove in N processes (default: one per core)")
    add_cluster_options(p)
    p.add_argument("--json", action="store_true", help="print results as JSON")
    p.add_argument("--show-examples", action="store_true", help="print the counterexample of each refuted rule")
    p.set_defaults(run=run_prove)
    return p


_STYLE = {"proved": "green", "refuted": "yellow", "failed": "red", "unsupported": "magenta", "lost": "red"}


def run_prove(args: argparse.Namespace) -> int:
    # rich (heavy): only the prove command's output needs it
    from rich.console import Console
    from rich.progress import Progress

    console = Console()
    err = Console(stderr=True)
    laws: list[LawResult] = []
    where = placement(args, args.jobs)
    came: list[ProofResult] = []  # as they come: what Ctrl-C leaves to report
    total = [0]
    interrupted = False
    try:
        if args.json or not err.is_terminal:
            def record(r: ProofResult, done: int, total_now: int) -> None:
                came.append(r)
                total[0] = total_now

            results = prove(args.names, args.types, args.timeout_ms, record, jobs=where, laws=laws)
        else:
            with Progress(console=err, transient=True) as bar:
                task = bar.add_task("proving", total=None)

                def tick(r: ProofResult, done: int, total_now: int) -> None:
                    came.append(r)
                    total[0] = total_now
                    bar.update(task, completed=done, total=total_now, description=f"{r.rule} {r.type}")

                results = prove(args.names, args.types, args.timeout_ms, tick, jobs=where, laws=laws)
    except KeyboardInterrupt:  # the table of the obligations that came, then exit 130
        results, interrupted = came, True
    code = exit_code(results)
    if args.json:
        json.dump({"results": [r.to_json() for r in results], "laws": [law.to_json() for law in laws], "exit": code,
                   **({"interrupted": True} if interrupted else {})}, sys.stdout, indent=2)
        print()
    else:
        _print_table(console, results, laws, args.show_examples)
    return _interrupted(len(results), total[0]) if interrupted else code


def _print_table(console: Any, results: list[ProofResult], laws: list[LawResult], show_examples: bool) -> None:
    from rich.table import Table

    table = Table(title="vecverify prove")
    for col in ("rule", "type", "expected", "result", "time"):
        table.add_column(col, justify="right" if col == "time" else "left")
    for r in results:
        style = _STYLE.get(r.result, "") if r.matched else "bold red"
        mark = "" if r.matched else " (unexpected)"
        table.add_row(r.rule, r.type, r.expected, f"[{style}]{r.result}{mark}[/]", f"{r.seconds:.2f}s")
    console.print(table)
    for r in results:
        if (not r.matched and r.detail) or (show_examples and r.counterexample):
            console.print(f"[bold]{r.rule} at {r.type}[/]: {r.detail}", highlight=False)
            if show_examples and r.counterexample:
                console.print(r.counterexample, highlight=False, markup=False)
    n_ok = sum(r.matched for r in results)
    law_text = ""
    if laws:
        unproved = [law for law in laws if law.status != "correct"]
        law_text = (f" (and {len(laws)} laws of the reassociation model, proved first: "
                    f"{sum(law.seconds for law in laws):.1f}s" + (f", {len(unproved)} not proved" if unproved else "") + ")")
    console.print(f"{n_ok} of {len(results)} obligations as expected; "
                  f"{sum(r.seconds for r in results):.1f}s{law_text}", highlight=False)


def _interrupted(done: int, total: int) -> int:
    """After the partial report: say how far it got, and exit as Ctrl-C does (130)."""
    sys.stdout.flush()
    print(f"interrupted: {done} of {total or '?'} obligations proved", file=sys.stderr)
    raise KeyboardInterrupt
