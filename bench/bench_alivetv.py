"""vecverify side by side with Alive2's alive-tv on Alive2's core suite (the scored
folders): each file checked by each tool in a process of its own, as a user runs them,
one at a time: vecverify twice, cold (everything loaded by the process itself) and
served (with `vecverify server start` running: the process hands the check to a warm
server, vecverify/app/launch.py); then the whole suite through vecverify with parallel
workers (`vecverify conformance --jobs N`, which pays the start-up once per worker).

    python -m bench alivetv [--alive-tv PATH] [--suite DIR] [--jobs N] [--limit N]
                            [--file-timeout S] [--json FILE]

alive-tv is found as $ALIVE_TV, else ~/.cache/alive2/alive-tv (what
shared/tools/build_alive_tv.sh installs); without one only vecverify is timed. Each file
gets the options of its TEST-ARGS line (alive-tv reads them as they are; vecverify maps
the ones it has). Prints, per tool, the median and p90 seconds per file and the total,
how many files each decides (correct or incorrect), how often the two verdicts agree,
and the batch figure. Issue 24's targets: the median per file at most 3x alive-tv's
cold and at most alive-tv's with the server running (issue 13's: the batch with 2
workers in less total time than alive-tv file by file). The load average is printed at
the start and the end: under load, a process that computes for 150 ms waits longer than
one that computes for 40 ms, so the ratios grow with it. The cold
and served runs must give every file the same verdict (a difference is printed).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from vecverify.app.conformance import SCORED_FOLDERS, collect, default_suite
from vecverify.refine import CheckOptions
from vecverify.testfile import TestCase

VECVERIFY = [str(Path(sys.executable).parent / "vecverify")]  # the command users run


def find_alive_tv(given: str | None) -> str | None:
    for candidate in (given, os.environ.get("ALIVE_TV"), str(Path.home() / ".cache" / "alive2" / "alive-tv")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


def _files(case: TestCase) -> list[str]:
    if case.kind == "srctgt":
        return [str(case.src_path)]
    return [str(case.src_path), str(case.tgt_path)]  # a pair; an ident file is both


def _vecverify_args(case: TestCase) -> list[str]:
    """The TEST-ARGS vecverify has (one unroll bound for both sides: the larger)."""
    opts = case.options(CheckOptions())
    args = ["--unroll", str(opts.unroll)]
    if not opts.undef_inputs:
        args.append("--disable-undef-input")
    if not opts.poison_inputs:
        args.append("--disable-poison-input")
    return args


def alive_tv_verdict(output: str) -> str:
    if "Transformation doesn't verify!" in output:
        return "incorrect"
    if "Transformation seems to be correct!" in output and "ERROR:" not in output:
        return "correct"
    return "other"


@dataclass
class Row:
    file: str
    vecverify_s: float  # cold: VECVERIFY_SERVER=off
    vecverify: str  # correct | incorrect | other (an error, unsupported, a timeout)
    served_s: float = 0.0  # handed to the warm server
    served: str = ""
    alive_tv_s: float = 0.0
    alive_tv: str = ""
    vecverify_timeout: bool = False  # cold run ended in a timeout
    alive_tv_timeout: bool = False


def _timed(cmd: list[str], timeout: float, env: dict[str, str] | None = None) -> tuple[float, str, bool]:
    """Seconds, verdict, and whether the tool said it ran out of time (a query's limit,
    or the file's: counted as a timeout too)."""
    seconds, out = run_timed(cmd, timeout, env)
    verdict = alive_tv_verdict(out)
    return round(seconds, 3), verdict, verdict == "other" and timed_out(out)


def timed_out(output: str) -> bool:
    """alive-tv's "ERROR: Timeout", vecverify's "(solver gave up: timeout...)", or the
    bench's own file limit."""
    return output == "timeout" or "ERROR: Timeout" in output or "solver gave up: timeout" in output


def run_timed(cmd: list[str], timeout: float, env: dict[str, str] | None = None) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        out = done.stdout + done.stderr
    except subprocess.TimeoutExpired:
        out = "timeout"
    return time.perf_counter() - start, out


def _summary(name: str, times: list[float], verdicts: list[str]) -> str:
    xs = sorted(times)
    p90 = xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))]
    decided = sum(v in ("correct", "incorrect") for v in verdicts)
    return (f"{name}: {len(xs)} files, {decided} decided; per file median {1000 * statistics.median(xs):.0f} ms, "
            f"p90 {1000 * p90:.0f} ms; total {sum(xs):.1f} s (one process per file, one at a time)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench alivetv")
    ap.add_argument("--alive-tv", default=None, help="the alive-tv binary (default: $ALIVE_TV, then "
                    "~/.cache/alive2/alive-tv)")
    ap.add_argument("--suite", type=Path, default=default_suite())
    ap.add_argument("--jobs", type=int, default=2, help="workers of the batch run (default 2)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N files")
    ap.add_argument("--file-timeout", type=float, default=60.0)
    ap.add_argument("--json", type=Path, default=None, help="per-file times and verdicts")
    args = ap.parse_args(argv)
    alive = find_alive_tv(args.alive_tv)
    if alive is None:
        print("alive-tv not found ($ALIVE_TV, ~/.cache/alive2/alive-tv): timing vecverify only")
    cases = [c for _, c in collect(args.suite, list(SCORED_FOLDERS))]
    if args.limit:
        cases = cases[: args.limit]
    rows: list[Row] = []
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    runtime = tempfile.mkdtemp(prefix="vecverify-bench-")  # a server of the bench's own
    cold_env = {**os.environ, "VECVERIFY_SERVER": "off"}
    served_env = {**os.environ, "VECVERIFY_RUNTIME_DIR": runtime}
    subprocess.run(VECVERIFY + ["server", "start"], env=served_env, check=True, capture_output=True)
    try:
        for i, case in enumerate(cases):
            rows.append(_time_case(case, alive, args.file_timeout, cold_env, served_env))
            if (i + 1) % 50 == 0:
                print(f"  {i + 1}/{len(cases)} files", flush=True)
    finally:
        subprocess.run(VECVERIFY + ["server", "stop"], env=served_env, capture_output=True)
    print(_summary("vecverify check (cold)", [r.vecverify_s for r in rows], [r.vecverify for r in rows]))
    print(_summary("vecverify check (server running)", [r.served_s for r in rows], [r.served for r in rows]))
    for r in rows:
        if r.served != r.vecverify:
            print(f"  DIFFERENT VERDICT {r.file}: cold {r.vecverify}, served {r.served}")
    if alive is not None:
        print(_summary("alive-tv", [r.alive_tv_s for r in rows], [r.alive_tv for r in rows]))
        both = [r for r in rows if r.vecverify != "other" and r.alive_tv != "other"]
        same = sum(r.vecverify == r.alive_tv for r in both)
        print(f"verdicts: {same} of the {len(both)} files both decide are the same")
        ours = [r.file for r in rows if r.vecverify_timeout]
        print(f"timeouts (each tool's default query limit): vecverify {len(ours)}, alive-tv "
              f"{sum(r.alive_tv_timeout for r in rows)}; vecverify's where alive-tv decides: "
              f"{', '.join(r.file for r in rows if r.vecverify_timeout and r.alive_tv in ('correct', 'incorrect')) or 'none'}")
        alive_median = statistics.median(r.alive_tv_s for r in rows)
        for name, median, target in (("cold", statistics.median(r.vecverify_s for r in rows), 3),
                                     ("server running", statistics.median(r.served_s for r in rows), 1)):
            print(f"median per file, vecverify ({name}) / alive-tv: {median / alive_median:.2f}x (target: at most {target}x)")
    if not args.limit:  # the batch runs the whole suite
        batch, _ = run_timed(VECVERIFY + ["conformance", str(args.suite), "--jobs", str(args.jobs)], 3600)
        line = f"vecverify, the whole suite on {args.jobs} workers (vecverify conformance --jobs {args.jobs}): {batch:.1f} s"
        if alive is not None:
            total = sum(r.alive_tv_s for r in rows)
            line += f"; alive-tv file by file: {total:.1f} s ({'faster' if batch < total else 'slower'})"
        print(line)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    if args.json is not None:
        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=1))
    return 0


def _time_case(case: TestCase, alive: str | None, timeout: float, cold_env: dict[str, str],
               served_env: dict[str, str]) -> Row:
    """One file by each tool, one after the other (so the machine's load is shared)."""
    files = _files(case)
    cmd = VECVERIFY + ["check", *_vecverify_args(case), *files]
    seconds, verdict, row_timeout = _timed(cmd, timeout, cold_env)
    row = Row(case.name, seconds, verdict, vecverify_timeout=row_timeout)
    row.served_s, row.served, _ = _timed(cmd, timeout, served_env)
    if alive is not None:
        row.alive_tv_s, row.alive_tv, row.alive_tv_timeout = _timed([alive, *case.test_args, *files], timeout)
    return row


if __name__ == "__main__":
    raise SystemExit(main())
