"""A differential campaign against Alive2's alive-tv (issue 22): mutants of Alive2's own
tests, of corpus/ and of what opt-22 makes of the LLVM tests in tests/data/llvm, each
checked by vecverify and by alive-tv at the same limits; every disagreement where both
decide is printed, reduced to a small pair and saved (docs/differential.md).

    ./dev bench differential [--mutants N] [--seed S] [--start I] [-j N]
                             [--sources alive2,corpus,opt] [--unroll N] [--timeout-ms N]
                             [--file-timeout S] [--findings DIR] [--reduce-budget N]
                             [--alive-tv PATH] [--report]

alive-tv is found as in ``bench alivetv`` ($ALIVE_TV, ~/.cache/alive2/alive-tv); without
it the campaign prints why and does nothing (exit 0). Exit 1 when a disagreement was
found, 130 when interrupted (the findings and log.jsonl so far are kept).
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
from pathlib import Path
from types import FrameType

from bench.bench_alivetv import find_alive_tv
from bench.differential.campaign import Campaign, read_log, summary
from bench.differential.seeds import Seed, from_opt, from_suite, load_cache, save_cache
from bench.differential.tools import Limits
from vecverify.app.conformance import default_suite
from vecverify.toolchain import ToolchainError, ensure_tool

REPO = Path(__file__).resolve().parent.parent
SOURCES = ("alive2", "corpus", "opt")


def load_seeds(sources: list[str], opt: Path, cache: Path) -> list[Seed]:
    load_cache(cache)
    seeds: list[Seed] = []
    for source in sources:
        if source == "alive2":
            got = from_suite(default_suite(), opt)
        elif source == "corpus":
            got = from_suite(REPO / "corpus", opt)
        else:
            got = from_opt(sorted((REPO / "tests" / "data" / "llvm").rglob("*.ll")), opt)
        for s in got:
            s.name = f"{source}:{s.name}"
        print(f"seeds from {source}: {len(got)}", flush=True)
        seeds += got
    save_cache(cache)
    return seeds


def _stop(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="./dev bench differential")
    ap.add_argument("--mutants", type=int, default=5000, help="how many mutants (default 5000)")
    ap.add_argument("--seed", type=int, default=None, help="campaign seed (default: random, printed)")
    ap.add_argument("--start", type=int, default=0, help="the first mutant's index (replay or resume)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="processes per tool (default 1)")
    ap.add_argument("--sources", default=",".join(SOURCES), help="what to mutate (default alive2,corpus,opt)")
    ap.add_argument("--unroll", type=int, default=4, help="loop bound of both tools where TEST-ARGS give none")
    ap.add_argument("--timeout-ms", type=int, default=10_000, help="solver time per query, both tools")
    ap.add_argument("--file-timeout", type=float, default=60.0, help="wall-clock seconds per file, each tool")
    ap.add_argument("--findings", type=Path, default=REPO / ".vecverify" / "differential",
                    help="where disagreements and log.jsonl go (default .vecverify/differential)")
    ap.add_argument("--reduce-budget", type=int, default=80, help="checks the reducer may run per disagreement")
    ap.add_argument("--batch", type=int, default=40, help="mutants checked per round")
    ap.add_argument("--alive-tv", default=None, help="the alive-tv binary")
    ap.add_argument("--report", action="store_true", help="print the summary of the findings folder's log.jsonl")
    args = ap.parse_args(argv)
    if args.report:
        log = args.findings / "log.jsonl"
        if not log.is_file():
            print(f"{log}: no campaign log", file=sys.stderr)
            return 2
        print("\n".join(summary(read_log(log))))
        return 0
    alive = find_alive_tv(args.alive_tv)
    if alive is None:
        print("SKIPPED: alive-tv not found ($ALIVE_TV, ~/.cache/alive2/alive-tv; build it with "
              "../shared/tools/build_alive_tv.sh): a differential campaign needs it")
        return 0
    sources = [s for s in args.sources.split(",") if s]
    if any(s not in SOURCES for s in sources) or args.jobs < 1 or args.mutants < 0:
        print(f"bad usage: --sources takes {','.join(SOURCES)}; -j and --mutants positive", file=sys.stderr)
        return 2
    try:
        opt = ensure_tool("opt", sys.stderr)
    except ToolchainError as e:
        print(f"SKIPPED: {e}")
        return 0
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    print(f"differential campaign: seed {seed}, mutants {args.start}..{args.start + args.mutants - 1}, "
          f"-j {args.jobs}, alive-tv {alive}", flush=True)
    seeds = load_seeds(sources, opt, REPO / ".vecverify" / "differential-named.json")
    limits = Limits(args.unroll, args.timeout_ms, args.file_timeout)
    campaign = Campaign(seeds, alive, limits, args.findings, seed, args.jobs, args.reduce_budget)
    print(f"findings and log: {args.findings}", flush=True)
    signal.signal(signal.SIGTERM, _stop)
    start = time.monotonic()
    interrupted = False
    try:
        for first in range(args.start, args.start + args.mutants, 10 * args.batch):
            last = min(first + 10 * args.batch, args.start + args.mutants)
            campaign.run(range(first, last), args.batch)
            print(f"  {last - args.start}/{args.mutants} mutants, {time.monotonic() - start:.0f} s (waiting for "
                  f"mutants {campaign.waited:.0f} s, vecverify {campaign.checking:.0f} s, alive-tv "
                  f"{campaign.alive_after:.0f} s, reducing {campaign.reducing:.0f} s)", flush=True)
    except KeyboardInterrupt:
        interrupted = True
        print("interrupted: the findings so far are kept", flush=True)
    print("\n".join(summary(campaign.outcomes)))
    if interrupted:
        return 130
    return 1 if any(o.disagrees for o in campaign.outcomes) else 0


if __name__ == "__main__":
    raise SystemExit(main())
