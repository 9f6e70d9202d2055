"""Scalable vectors (issue 25): LLVM's scalable LoopVectorize tests through opt-22 and
the checker, the scalable rules, and the SVE and RISC-V V witnesses under qemu.

    ./dev bench scalable [--files F.ll,...] [--unroll N] [--timeout-ms N] [--rules] [--native N]
                         [--vla] [--vla-vf N] [--vla-vscale-max N] [--vla-tail fold|epilogue]
                         [--vla-target sve|rvv] [--vla-uf N] [--no-opt-tv]

1. Each LLVM test file kept (default: tests/data/llvm/LoopVectorize/AArch64/*.ll) through
   ``vecverify opt-tv`` with its RUN line: per function, the verdict, the vscale values it
   covers (the function's vscale_range, or vecverify's bound) and the time.
2. ``--rules``: ``vecverify prove 'scalable.*'`` (every type, every vscale of 1..16): per
   rule, proved/refuted and the seconds.
3. ``--native N``: the SVE cross-check (properties/sve_crosscheck.py) with N inputs per
   case at vscale 1, 2, 3, 4, 8, 16, and RISC-V V's at 1, 2, 4, 8, 16 (VLEN 64..1024):
   cases compared and lanes compared. Under qemu the
   time is emulation's, not a performance figure: only correctness is reported.
4. ``--vla``: ``vectorize --vla`` on tests/data/vla/kernels.ll (VF = vscale x ``--vla-vf``,
   ``vscale_range(1, --vla-vscale-max)``): per loop, the witness's verdict over every
   trip count and every vscale of the range, its checks and seconds, and the runs under
   qemu at each vscale of the range up to 8 (correctness only), on SVE or, with
   ``--vla-target rvv``, RISC-V V.

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
VLA_KERNELS = REPO / "tests" / "data" / "vla" / "kernels.ll"


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
    from properties.sve_crosscheck import SveTally, cases, run_sve_batch, rvv_cases
    from vecverify.execute.sve import RVV, SVE, missing

    # (RISC-V: VLEN = 64 x vscale, a power of two: no vscale 3; no vectors of double or half)
    for machine, some, vscales, cpu in ((SVE, cases(), (1, 2, 3, 4, 8, 16), "sve-max-vq = vscale"),
                                        (RVV, rvv_cases(), (1, 2, 4, 8, 16), "vlen = 64 x vscale")):
        reason = missing(machine)
        if reason is not None:
            print(f"{machine.name} witness not run: {reason}")
            continue
        tally = SveTally()
        start = time.monotonic()
        run_sve_batch(some, vscales, inputs=inputs, seed=2025, tally=tally, machine=machine)
        wall = time.monotonic() - start
        c = tally.counts
        print(f"{machine.name} under qemu ({cpu}) against the semantics, {len(some)} cases x {inputs} inputs at "
              f"vscale {', '.join(map(str, vscales))}: all agree; {c['lanes compared']} lanes compared "
              f"({c['lanes poison']} poison lanes not compared, {c['UB per the semantics (not run)']} inputs UB, "
              f"{c['all poison (not run)']} all poison); {wall:.1f} s (emulated: not a performance figure)")
        for v in vscales:
            print(f"  vscale {v:>2}: {c[f'compared at vscale {v}']} runs compared")
        print()


def _vla(n: int, vscale_max: int, timeout_ms: int, tail: str, target: str, uf: int) -> None:
    from transforms.loop import LoopOptions, prove_loop, vectorize_loops
    from transforms.loop.vla_native import run_vla_natively
    from vecverify.errors import Unsupported
    from vecverify.llvm import read_module

    module = read_module(VLA_KERNELS)
    options = LoopOptions(target=target, vla=True, vf=n, vscale_max=vscale_max, index32=True, tail=tail, uf=uf)
    print(f"vectorize --vla --target {target} --vf {n} --uf {uf} --vscale-max {vscale_max} --index32 --tail {tail} on {VLA_KERNELS.name} "
          f"(proof: every trip count, every vscale in 1..{vscale_max}; native: qemu, {'RISC-V V' if target == 'rvv' else 'SVE'}, correctness only)")
    proved = total = 0
    start = time.monotonic()
    for name, fn in module.functions.items():
        out, reports = vectorize_loops(fn, options)
        for r in reports:
            if not r.vectorized or out is None:
                print(f"  @{name:<8} left scalar: {r.reason}")
                continue
            total += 1
            proof = prove_loop(r, timeout_ms=timeout_ms)
            proved += proof.status == "proved"
            try:
                runs = run_vla_natively(fn, out, r.vector)  # type: ignore[arg-type]
                native = f"{runs.runs} runs at vscale {','.join(map(str, runs.vscales))}, {len(runs.mismatches)} mismatches"
            except (Unsupported, RuntimeError) as e:
                native = f"not run ({e})"
            groups = [f"{len(r.groups)} group{'s' if len(r.groups) > 1 else ''}"] if r.groups else []
            what = ", ".join(r.reductions + [f"recurrence {x}" for x in r.recurrences] + groups) or "map"
            stuck = next((f" ({n}: {getattr(v, 'status', '')})" for n, v in proof.checks
                          if getattr(v, "status", "") != "correct"), "")
            print(f"  @{name:<8} {what:<18} {proof.status:<8} {len(proof.checks):3d} checks {proof.seconds:7.1f} s   "
                  f"native: {native}{stuck}")
    print(f"  {proved} of {total} loops proved, {time.monotonic() - start:.1f} s wall-clock")
    print()


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="bench scalable", description=__doc__.split("\n\n")[0])
    p.add_argument("--files", help="LLVM test files, comma-separated (default: the AArch64 ones kept)")
    p.add_argument("--unroll", type=int, default=8)
    p.add_argument("--timeout-ms", type=int, default=10_000)
    p.add_argument("--rules", action="store_true", help="also prove the scalable rules")
    p.add_argument("--native", type=int, default=0, metavar="N", help="also the SVE cross-check, N inputs a case")
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--vla", action="store_true", help="also vectorize --vla's kernels: proofs and runs under qemu")
    p.add_argument("--vla-vf", type=int, default=2, metavar="N", help="--vla's known-minimum lanes (default 2)")
    p.add_argument("--vla-vscale-max", type=int, default=4, metavar="N", help="--vla's largest vscale (default 4)")
    p.add_argument("--vla-tail", choices=("fold", "epilogue"), default="fold", help="--vla's tail (default fold)")
    p.add_argument("--vla-target", choices=("sve", "rvv"), default="sve",
                   help="--vla's target: costs, and the machine run under qemu (default sve)")
    p.add_argument("--vla-uf", type=int, default=1, metavar="N",
                   help="--vla's parts per vector iteration (default 1; more with --vla-tail epilogue)")
    p.add_argument("--no-opt-tv", action="store_true", help="skip the LLVM files")
    args = p.parse_args(argv)
    files = [Path(f) for f in args.files.split(",")] if args.files else sorted(DATA.glob("*.ll"))
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    if not args.no_opt_tv:
        _opt_tv(files, args.unroll, args.timeout_ms)
    if args.rules:
        _rules(args.jobs)
    if args.native:
        _native(args.native)
    if args.vla:
        _vla(args.vla_vf, args.vla_vscale_max, args.timeout_ms * 2, args.vla_tail, args.vla_target, args.vla_uf)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
