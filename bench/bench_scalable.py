"""Scalable vectors (issue 25): LLVM's scalable LoopVectorize tests through opt-22 and
the checker, the scalable rules, and the SVE witness under qemu.

    ./dev bench scalable [--files F.ll,...] [--unroll N] [--timeout-ms N] [--rules] [--native N]

1. Each LLVM test file kept (default: tests/data/llvm/LoopVectorize/AArch64/*.ll) through
   ``vecverify opt-tv`` with its RUN line: per function, the verdict, the vscale values it
   covers (the function's vscale_range, or vecverify's bound) and the time.
2. ``--rules``: ``vecverify prove 'scalable.*'`` (every type, every vscale of 1..16): per
   rule, proved/refuted and the seconds.
3. ``--native N``: the SVE cross-check (properties/sve_crosscheck.py) with N inputs per
   case at vscale 1, 2, 3, 4, 8, 16: cases compared and lanes compared. Under qemu the
   time is emulation's, not a performance figure: only correctness is reported.

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "llvm" / "LoopVectorize" / "AArch64"


def _opt_tv(files: list[Path], unroll: int, timeout_ms: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "r.json"
        start = time.monotonic()
        subprocess.run([sys.executable, "-m", "vecverify.app.cli", "opt-tv", *map(str, files), "--unroll", str(unroll),
                        "--timeout-ms", str(timeout_ms), "--json", str(report)], capture_output=True, text=True)
        wall = time.monotonic() - start
        data = json.loads(report.read_text()) if report.exists() else {"files": []}
    print(f"opt-tv over {len(files)} file(s), --unroll {unroll}, {wall:.1f} s wall-clock")
    for f in data["files"]:
        print(f"  {Path(f['file']).name}" + (f"  ({f['error']})" if f.get("error") else ""))
        for fn in f["functions"]:
            covers = fn.get("vscale") or ""
            print(f"    @{fn['name']:<24} {fn['seconds']:7.2f} s  {fn['status']:<11} {covers}")
    print()


def _rules(jobs: int) -> None:
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "vecverify.app.cli", "prove", "scalable.*", "--json",
                           "--jobs", str(jobs)], capture_output=True, text=True)
    wall = time.monotonic() - start
    try:
        results = json.loads(done.stdout)["results"]
    except (ValueError, KeyError):
        print(f"prove 'scalable.*' failed: {done.stderr.strip()[:200]}")
        return
    ok = sum(1 for r in results if r["result"] == ("proved" if r["expected"] == "holds" else "refuted"))
    print(f"vecverify prove 'scalable.*': {ok} of {len(results)} obligations as expected, {wall:.1f} s "
          f"wall-clock with --jobs {jobs} (each: one check per vscale 1, 2, 4, 8, 16)")
    for r in results:
        print(f"  {r['rule']:<42} {r['type']:<22} {r['result']:<9} {r['seconds']:7.2f} s")
    print()


def _native(inputs: int) -> None:
    from properties.sve_crosscheck import SveTally, cases, run_sve_batch
    from vecverify.execute.sve import missing

    reason = missing()
    if reason is not None:
        print(f"SVE witness not run: {reason}")
        return
    tally = SveTally()
    start = time.monotonic()
    vscales = (1, 2, 3, 4, 8, 16)
    run_sve_batch(cases(), vscales, inputs=inputs, seed=2025, tally=tally)
    wall = time.monotonic() - start
    c = tally.counts
    print(f"SVE under qemu (sve-max-vq = vscale) against the semantics, {len(cases())} cases x {inputs} inputs at "
          f"vscale {', '.join(map(str, vscales))}: all agree; {c['lanes compared']} lanes compared "
          f"({c['lanes poison']} poison lanes not compared, {c['UB per the semantics (not run)']} inputs UB, "
          f"{c['all poison (not run)']} all poison); {wall:.1f} s (emulated: not a performance figure)")
    for v in vscales:
        print(f"  vscale {v:>2}: {c[f'compared at vscale {v}']} runs compared")
    print()


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="bench scalable", description=__doc__.split("\n\n")[0])
    p.add_argument("--files", help="LLVM test files, comma-separated (default: the AArch64 ones kept)")
    p.add_argument("--unroll", type=int, default=8)
    p.add_argument("--timeout-ms", type=int, default=10_000)
    p.add_argument("--rules", action="store_true", help="also prove the scalable rules")
    p.add_argument("--native", type=int, default=0, metavar="N", help="also the SVE cross-check, N inputs a case")
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    args = p.parse_args(argv)
    files = [Path(f) for f in args.files.split(",")] if args.files else sorted(DATA.glob("*.ll"))
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    _opt_tv(files, args.unroll, args.timeout_ms)
    if args.rules:
        _rules(args.jobs)
    if args.native:
        _native(args.native)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
