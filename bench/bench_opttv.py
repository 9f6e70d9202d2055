"""`vecverify opt-tv` against alive-tv on the same LLVM test files, side by side, one
file at a time (issue 24: opt-tv on a folder of LLVM's LoopVectorize tests no slower
than alive-tv on the same files).

    python -m bench opttv [FILES or DIRS ...] [--timeout-ms N] [--function-timeout-ms N] [--unroll N]

Default files: tests/data/llvm/LoopVectorize (every .ll below it). For each file: the
seconds of the real command (`vecverify opt-tv FILE`, cold, its own time limits), and of
alive-tv on the same pair (opt-22 run as the file's RUN line says, then alive-tv on the
file and opt's output with the same unroll bound and per-query limit), with each tool's
verdicts counted (alive-tv's timeouts and "could not translate" too). Then the totals and
the load average. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from vecverify.app.opttv.compare import opt_command

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "llvm" / "LoopVectorize"
VECVERIFY = str(Path(sys.executable).parent / "vecverify")


def _alive_tv() -> str | None:
    for c in (os.environ.get("ALIVE_TV"), str(Path.home() / ".cache" / "alive2" / "alive-tv")):
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return c
    return None


def _files(given: list[str]) -> list[Path]:
    out: list[Path] = []
    for g in given or [str(DATA)]:
        p = Path(g)
        out += sorted(p.rglob("*.ll")) if p.is_dir() else [p]
    return out


def _vecverify(path: Path, args: argparse.Namespace) -> tuple[float, str]:
    cmd = [VECVERIFY, "opt-tv", "-q", "--timeout-ms", str(args.timeout_ms), "--unroll", str(args.unroll)]
    if args.function_timeout_ms is not None:
        cmd += ["--function-timeout-ms", str(args.function_timeout_ms)]
    start = time.perf_counter()
    done = subprocess.run([*cmd, str(path)], capture_output=True, text=True, errors="replace",
                          env={**os.environ, "VECVERIFY_SERVER": "off"})
    seconds = time.perf_counter() - start
    counts = [ln.strip() for ln in done.stdout.splitlines()
              if ln.strip().endswith(("transformations", "errors")) and ln.strip()[:1].isdigit()]
    return seconds, ", ".join(c.replace(" transformations", "") for c in counts) or f"exit {done.returncode}"


def _alive(alive: str, path: Path, args: argparse.Namespace, scratch: Path) -> tuple[float, str]:
    start = time.perf_counter()
    cmd = opt_command(Path("opt-22"), path, path.read_text(errors="replace"), None)
    after = subprocess.run(cmd if "-S" in cmd else [*cmd, "-S"], capture_output=True, text=True, errors="replace")
    scratch.write_text(after.stdout)
    run = subprocess.run([alive, f"-src-unroll={args.unroll}", f"-tgt-unroll={args.unroll}",
                          f"-smt-to={args.timeout_ms}", str(path), str(scratch)],
                         capture_output=True, text=True, errors="replace")
    seconds = time.perf_counter() - start
    out = run.stdout + run.stderr
    said = {"correct": out.count("seems to be correct"), "incorrect": out.count("doesn't verify"),
            "timeouts": out.count("Timeout"), "could not translate": out.count("Could not translate")}
    return seconds, ", ".join(f"{n} {k}" for k, n in said.items() if n) or "nothing decided"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench opttv")
    ap.add_argument("files", nargs="*", help=f"files or folders (default {DATA})")
    ap.add_argument("--timeout-ms", type=int, default=10_000, help="per query, both tools (default 10000)")
    ap.add_argument("--function-timeout-ms", type=int, default=None, help="opt-tv's (default: its own)")
    ap.add_argument("--unroll", type=int, default=4, help="both tools' unroll bound (default 4)")
    args = ap.parse_args(argv)
    alive = _alive_tv()
    if alive is None:
        print("alive-tv not found ($ALIVE_TV, ~/.cache/alive2/alive-tv): timing vecverify only")
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    total_v = total_a = 0.0
    slower = 0
    with tempfile.TemporaryDirectory(prefix="vecverify-bench-opttv-") as tmp:
        for path in _files(args.files):
            tv, verdicts = _vecverify(path, args)
            total_v += tv
            line = f"{path.name:32s} vecverify {tv:6.1f} s ({verdicts})"
            if alive is not None:
                ta, said = _alive(alive, path, args, Path(tmp) / "after.ll")
                total_a += ta
                slower += tv > ta
                line += f" | alive-tv {ta:6.1f} s ({said})"
            print(line, flush=True)
    print(f"total: vecverify opt-tv {total_v:.1f} s" + (f", alive-tv (opt included) {total_a:.1f} s; "
                                                         f"vecverify slower on {slower} files" if alive else ""))
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
