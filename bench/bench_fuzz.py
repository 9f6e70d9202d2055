"""Throughput of the fuzz campaign: programs per second through generate -> transform ->
prove -> native run, on 2 worker processes by default.

    python -m bench fuzz [--budget S] [--jobs N] [--seed N] [--transform NAME ...]

Prints, side by side from one run: programs/s (every generated program, declined ones
included), transformed programs/s (those a transform changed: each proved and run
natively: the figure the target is about), proofs/s and native runs/s, per transform
and in all, by wall-clock time and by CPU time. The CPU figure (programs per CPU-second
of the campaign's processes, times the number of jobs) is what the jobs would reach on
cores of their own: on a machine shared with other work the wall-clock figure is lower.
Targets: at least 20 programs/s in all on 2 processes (issue 14), and the stricter 20
transformed programs/s (issue 5). Then a profile: seconds per stage (the workers'
start-up, Hypothesis generating, parsing, the transform, LLVM's verifier, the proof,
native compilation, native runs, shrinking) per transform, and each stage's share of the
workers' time. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import resource
import time

from transforms.registry import all_transforms
from vecverify.app.fuzz import CampaignOptions, CampaignResult, run_campaign
from vecverify.app.fuzz.pipeline import STAGES

TARGET = 20.0


def _cpu_seconds() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _print_profile(r: CampaignResult, wall: float, jobs: int) -> None:
    """Where the campaign's time went: seconds per stage and transform (summed over the
    worker processes), and each stage's share of the time the workers had."""
    stages = ["start-up", "generate", *STAGES, "shrink"]
    names = list(r.transforms)
    print("  profile (seconds, all workers):")
    print(f"  {'stage':14s} " + " ".join(f"{n[:11]:>11s}" for n in names) + f" {'all':>8s} {'share':>6s}")
    budget = wall * jobs
    for stage in stages:
        if stage == "start-up":
            row = ["" for _ in names]
            total = r.startup_seconds
        else:
            per = [r.stats[n].stages.get(stage, 0.0) for n in names]
            row = [f"{x:.2f}" for x in per]
            total = sum(per)
        print(f"  {stage:14s} " + " ".join(f"{x:>11s}" for x in row) + f" {total:8.2f} {100 * total / budget:5.1f}%")
    accounted = r.startup_seconds + sum(sum(r.stats[n].stages.values()) for n in names)
    print(f"  {'other':14s} " + " ".join(f"{'':>11s}" for _ in names)
          + f" {budget - accounted:8.2f} {100 * (budget - accounted) / budget:5.1f}%  (scheduling, idle workers)")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench fuzz")
    p.add_argument("--budget", type=float, default=60.0, help="seconds (default 60)")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--transform", action="append", dest="transforms", metavar="NAME",
                   help="default: every fuzzed transform, the loop vectorizer's included (what "
                   "`vecverify fuzz` runs)")
    p.add_argument("--straight-line", action="store_true",
                   help="only the transforms of straight-line kernels (no loop programs)")
    args = p.parse_args(argv)
    # By default what `vecverify fuzz` runs (issue 24: "the default campaign, loops
    # included"); --straight-line leaves out the loop vectorizer's programs.
    transforms = args.transforms or [t.name for t in all_transforms()
                                     if t.fuzzed and not (args.straight_line and t.fuzz_kernels is not None)]
    cpu0, t0 = _cpu_seconds(), time.perf_counter()
    r = run_campaign(CampaignOptions(
        transforms=transforms, budget=args.budget, seed=args.seed, jobs=args.jobs,
        corpus=None, database=None,
    ))
    wall, cpu = time.perf_counter() - t0, _cpu_seconds() - cpu0
    # programs per CPU-second, on `jobs` cores of their own
    per_cpu = args.jobs / cpu if cpu > 0 else 0.0
    print(f"fuzz throughput: {args.jobs} processes, budget {args.budget:g}s, seed {args.seed}: "
          f"{wall:.1f}s wall (worker start-up included), {cpu:.1f} CPU-seconds")
    print(f"  {'':14s} {'programs':>9s} {'transformed':>12s} {'proofs':>7s} {'mean proof':>11s} "
          f"{'native runs':>12s} {'inconclusive':>13s}")
    for name in r.transforms:
        x = r.stats[name]
        changed = x.programs - x.declined
        proofs = x.proved + x.refuted + x.inconclusive
        mean = f"{x.proof_seconds / proofs * 1000:.0f} ms" if proofs else "-"
        print(f"  {name:14s} {x.programs:9d} {changed:12d} {proofs:7d} {mean:>11s} {x.native_runs:12d} "
              f"{x.inconclusive:13d}")
    s = r.stats.values()
    programs = sum(x.programs for x in s)
    changed = sum(x.programs - x.declined for x in s)
    proofs = sum(x.proved + x.refuted + x.inconclusive for x in s)
    runs = sum(x.native_runs for x in s)
    print(f"  {'per second':14s} {'wall':>9s} {'CPU':>12s}")
    for label, n in (("programs", programs), ("transformed", changed), ("proofs", proofs), ("native runs", runs)):
        print(f"  {label:14s} {n / wall:9.1f} {n * per_cpu:12.1f}")
    for what, n in (("programs in all", programs), ("transformed programs", changed)):
        verdict = "met" if n / wall >= TARGET else "NOT met by wall-clock time"
        if n / wall < TARGET <= n * per_cpu:
            verdict += " (met by CPU time: the machine is shared)"
        print(f"  target: >= {TARGET:g} {what}/s on {args.jobs} processes: {verdict}")
    _print_profile(r, wall, args.jobs)
    if not r.native_available:
        print(f"  native: unavailable ({r.native_note})")
    print(f"  failures: {r.failures}" + (f"; problems: {'; '.join(r.problems)}" if r.problems else ""))
    return 0
