"""`vecverify vectorize --verify` as a user runs it (issue 24): each C file of
``corpus/loop/c`` and ``bench/verify_kernels`` compiled by clang-22 with the scalar
flags, then vectorized and verified by the real command (the witness for every trip
count, native runs, the bounded check as a second opinion), one command per file.

    ./dev bench verify [--kernels a,b] [--jobs 2] [--verify-jobs 1] [--timeout-ms N]
                       [--solver z3|portfolio|...] [--json FILE]

Prints per loop the witness's status and per file the command's wall and CPU seconds
and exit code; then the totals (wall time of the whole run, loops proved of loops
vectorized) and the machine's load average before and after. Figures are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.bench_loop import KERNELS, OURS_INPUT_FLAGS, kernel_flags
from bench.kernels import host_target
from transforms.vectorize.clang import MARCH, compile_c

EXTRA = Path(__file__).resolve().parent / "verify_kernels"


@dataclass
class FileFigures:
    file: str
    code: int = 0
    wall_s: float = 0.0
    loops: list[dict[str, Any]] = field(default_factory=list)  # function, loop, vf, uf, witness, bounded
    error: str = ""


def sources(only: str | None) -> list[Path]:
    files = sorted(KERNELS.glob("*.c")) + sorted(EXTRA.glob("*.c"))
    if only:
        names = {n.strip() for n in only.split(",") if n.strip()}
        files = [f for f in files if f.stem in names]
    return files


def verify_file(source: Path, target: str, timeout_ms: int, solver: str, workdir: Path,
                verify_jobs: int = 1) -> FileFigures:
    fig = FileFigures(source.stem)
    ll = workdir / f"{source.stem}.ll"
    report = workdir / f"{source.stem}.json"
    try:
        ll.write_text(compile_c(source, OURS_INPUT_FLAGS + kernel_flags(source), target))
    except Exception as e:  # clang missing or failing: said, not a figure
        fig.error = str(e)
        return fig
    cmd = [sys.executable, "-m", "vecverify.app.launch", "vectorize", str(ll), "-o", os.devnull, "--verify",
           "--target", target, "--timeout-ms", str(timeout_ms), "--solver", solver, "--json", str(report),
           "--jobs", str(verify_jobs)]
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out, _ = proc.communicate()
    fig.wall_s = time.monotonic() - t0
    fig.code = proc.returncode
    if not report.exists():
        fig.error = (out.strip().splitlines() or ["no report"])[-1]
        return fig
    data = json.loads(report.read_text())
    bounded = {e["function"]: e for e in data["verify"] if "bounded" in e}
    for v in data["verify"]:
        if "witness" in v:
            b = bounded.get(v["function"], {})
            fig.loops.append({"function": v["function"], "loop": v["loop"], "vf": v["vf"], "uf": v["uf"],
                              "witness": v["witness"], "bounded": b.get("bounded", "-"),
                              "native_mismatches": v.get("native_mismatches")})
    return fig


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="./dev bench verify", description=__doc__.split("\n\n")[0])
    p.add_argument("--target", choices=sorted(MARCH), default=None, help="ISA (default: avx2 if the host has it)")
    p.add_argument("--kernels", help="comma-separated file stems (default: every file)")
    p.add_argument("--jobs", type=int, default=2, help="commands run at once (default 2: the 2-core machine)")
    p.add_argument("--verify-jobs", type=int, default=1,
                   help="vectorize's --jobs: a file's functions verified in this many processes (default 1)")
    p.add_argument("--timeout-ms", type=int, default=20_000, help="per query (default 20000, as vectorize)")
    p.add_argument("--solver", default="z3", help="vectorize's --solver (default z3)")
    p.add_argument("--json", type=Path, metavar="FILE", help="write the figures as JSON")
    args = p.parse_args(argv)
    target = args.target or host_target()
    files = sources(args.kernels)
    if not files:
        print("bench verify: no kernel matches", file=sys.stderr)
        return 2
    load_before = os.getloadavg()
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(max(1, args.jobs)) as pool:
        rows = list(pool.map(lambda f: verify_file(f, target, args.timeout_ms, args.solver, Path(tmp),
                                                          args.verify_jobs), files))
    wall = time.monotonic() - t0
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu1.ru_utime + cpu1.ru_stime) - (cpu0.ru_utime + cpu0.ru_stime)
    load_after = os.getloadavg()
    print(f"\nvectorize --verify: target {target}, timeout {args.timeout_ms} ms per query, solver {args.solver}, "
          f"{args.jobs} files at once, --jobs {args.verify_jobs} each")
    print(f"{'file':22s} {'function':16s} {'loop':>5s} {'VF':>3s} {'UF':>3s} {'witness':9s} {'bounded':12s} "
          f"{'file s':>7s} {'exit':>4s}")
    loops = proved = 0
    for r in rows:
        if r.error:
            print(f"{r.file:22s} error: {r.error}")
            continue
        for i, lp in enumerate(r.loops or [{}]):
            loops += bool(lp)
            proved += lp.get("witness") == "proved"
            tail = f"{r.wall_s:7.1f} {r.code:4d}" if i == 0 else ""
            print(f"{r.file:22s} {lp.get('function', '-'):16s} {lp.get('loop', ''):>5s} {lp.get('vf', 0):3d} "
                  f"{lp.get('uf', 0):3d} {lp.get('witness', 'none'):9s} {lp.get('bounded', '-'):12s} {tail}")
    print(f"total: {len(rows)} files, {proved} of {loops} loops proved for every trip count; "
          f"wall {wall:.0f} s, CPU {cpu:.0f} s; load average before {load_before[0]:.1f}, after {load_after[0]:.1f}")
    if args.json:
        args.json.write_text(json.dumps({"target": target, "timeout_ms": args.timeout_ms, "solver": args.solver,
                                         "jobs": args.jobs, "wall_s": wall, "cpu_s": cpu,
                                         "load": [load_before[0], load_after[0]],
                                         "files": [asdict(r) for r in rows]}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
