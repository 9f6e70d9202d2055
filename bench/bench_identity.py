"""Identity over a whole suite: every function of every .ll file (Alive2's whole suite by
default, all folders) checked against itself, on 2 processes.

    python -m bench identity [--suite DIR] [--timeout-ms N] [--jobs N]

A function against itself can only be correct or honestly undecided: prints every
other verdict (incorrect, internal error) with its file, then the tally and the time.
Exits 1 if there was any. Files the reader rejects are counted, not checked.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from vecverify.app.conformance import default_suite
from vecverify.checker import check_pair
from vecverify.errors import VecverifyError
from vecverify.llvm import read_module
from vecverify.pool import executor
from vecverify.refine import CheckOptions

HONEST = ("correct", "failed", "unsupported")


def _one(job: tuple[str, int]) -> tuple[str, list[tuple[str, str, float]]]:
    path, timeout_ms = job
    try:
        module = read_module(Path(path))
    except VecverifyError:
        return path, [("not read", "", 0.0)]
    out = []
    for fn in module.functions.values():
        start = time.perf_counter()
        v = check_pair(fn, fn, CheckOptions(timeout_ms=timeout_ms))
        out.append((v.status, f"@{fn.name}: {v.error or v.detail}", time.perf_counter() - start))
    return path, out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench identity")
    ap.add_argument("--suite", type=Path, default=default_suite())
    ap.add_argument("--timeout-ms", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    files = sorted(str(p) for p in args.suite.rglob("*.ll"))
    tally: Counter[str] = Counter()
    seconds = 0.0
    start = time.perf_counter()
    with executor(args.jobs) as pool:
        for path, results in pool.map(_one, [(f, args.timeout_ms) for f in files]):
            for status, what, t in results:
                tally[status] += 1
                seconds += t
                if status not in HONEST and status != "not read":
                    print(f"{status}: {path} {what}", flush=True)
    print(f"{len(files)} files: " + ", ".join(f"{n} {s}" for s, n in tally.most_common()))
    print(f"check time {seconds:.0f} s, wall-clock {time.perf_counter() - start:.0f} s")
    return 1 if any(s not in HONEST and s != "not read" for s in tally) else 0


if __name__ == "__main__":
    raise SystemExit(main())
