"""Throughput of the fuzz campaign: programs per second through generate -> transform ->
prove -> native run, on 2 worker processes by default.

    python -m bench fuzz [--budget S] [--jobs N] [--seed N] [--transform NAME ...]

Prints programs/s (all, and those the transform changed, i.e. proved and run natively),
proofs/s, native runs/s. Target (issue 5): at least 20 programs/s on 2 processes.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import time

from vecverify.fuzz import CampaignOptions, run_campaign


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench fuzz")
    p.add_argument("--budget", type=float, default=20.0, help="seconds (default 20)")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--transform", action="append", dest="transforms", metavar="NAME")
    args = p.parse_args(argv)
    t0 = time.perf_counter()
    r = run_campaign(CampaignOptions(
        transforms=args.transforms, budget=args.budget, seed=args.seed, jobs=args.jobs,
        corpus=None, database=None,
    ))
    wall = time.perf_counter() - t0
    s = r.stats.values()
    programs = sum(x.programs for x in s)
    changed = sum(x.programs - x.declined for x in s)
    proofs = sum(x.proved + x.refuted + x.inconclusive for x in s)
    runs = sum(x.native_runs for x in s)
    proof_s = sum(x.proof_seconds for x in s)
    print(f"fuzz throughput: {args.jobs} processes, {wall:.1f}s wall (worker start-up included), seed {args.seed}")
    print(f"  programs:            {programs:6d}  {programs / wall:7.1f}/s   (target >= 20/s)")
    print(f"  transformed+proved:  {changed:6d}  {changed / wall:7.1f}/s")
    print(f"  proofs:              {proofs:6d}  {proofs / wall:7.1f}/s   mean {proof_s / max(proofs, 1) * 1000:.0f} ms")
    native = f"{runs:6d}  {runs / wall:7.1f}/s" if r.native_available else f"unavailable ({r.native_note})"
    print(f"  native runs:         {native}")
    for name in r.transforms:
        x = r.stats[name]
        print(f"    {name:24s} {x.programs:5d} programs, {x.declined:5d} declined, {x.proved:5d} proved")
    print(f"  failures: {r.failures}")
    return 0
