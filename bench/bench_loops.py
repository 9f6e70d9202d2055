"""LoopVectorize's output checked for every trip count (issue 23): over LLVM's
LoopVectorize tests kept in tests/data/llvm/LoopVectorize (or the files given), opt-22
runs each file's first RUN line, and every function the pass changed is checked with
``--loops prove``. Printed: the share proved for every trip count (by an inferred
witness, or because every execution fits the automatic bound), bounded only, vacuous,
incorrect, failed, unsupported (reasons, most frequent first), the time, and alive-tv's
verdict on the same function where it is installed (~/.cache/alive2/alive-tv or
$ALIVE_TV; the file against opt's output, loops unrolled --unroll times, as alive-tv's -src-unroll/-tgt-unroll).

    python -m bench loops [FILES...] [--unseen] [--timeout-ms N] [--function-timeout-ms N] [--unroll N] [--no-alive]

The files under ``unseen/`` are held back: inference was not developed against them, and
they are measured on their own (``--unseen``), never in the default set.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import time
from collections import Counter
from pathlib import Path

from vecverify.app.opttv.compare import FunctionResult, check_file
from vecverify.refine import CheckOptions
from vecverify.toolchain import ensure_tool

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "llvm" / "LoopVectorize"


def _alive_tv() -> str | None:
    for c in (os.environ.get("ALIVE_TV"), str(Path.home() / ".cache" / "alive2" / "alive-tv")):
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return c
    return None


def _alive_verdicts(alive: str, path: Path, command: list[str], timeout: float, unroll: int) -> dict[str, str]:
    """alive-tv's verdict per function: before (the file) against after (opt's output)."""
    out_file = Path("/tmp") / f"vecverify-bench-loops-{os.getpid()}.ll"
    cmd = [*command, "-S"] if "-S" not in command else list(command)
    try:
        after = subprocess.run(cmd, capture_output=True, text=True, timeout=120, errors="replace")
        out_file.write_text(after.stdout)
        run = subprocess.run([alive, f"-src-unroll={unroll}", f"-tgt-unroll={unroll}", "-smt-to=10000", str(path), str(out_file)], capture_output=True, text=True,
                             timeout=timeout)
    except (subprocess.TimeoutExpired, OSError, UnicodeDecodeError):
        return {}
    verdicts: dict[str, str] = {}
    current = None
    for line in run.stdout.splitlines():
        if line.startswith("ERROR: Could not translate '"):
            verdicts[line.split("'")[1]] = "unsupported"
        elif line.startswith("define "):
            current = line.split("@", 1)[1].split("(", 1)[0]
        elif current and "seems to be correct" in line:
            verdicts[current] = "correct"
        elif current and "doesn't verify" in line:
            verdicts[current] = "incorrect"
        elif current and line.startswith("ERROR:"):
            verdicts.setdefault(current, "failed" if "Couldn't prove" in line or "Timeout" in line else "unsupported")
    return verdicts


def _kind(f: FunctionResult) -> str:
    status, loops = f.status, f.loops
    if status == "correct" and loops == "proved":
        return "proved for every trip count (witness)"
    if status == "correct" and loops == "complete":
        return "proved for every trip count (every execution checked)"
    if status == "correct" and loops == "bounded":
        return "bounded only"
    if status == "correct":
        return "correct (no loop)"
    if loops == "vacuous":
        return "vacuous"
    return str(status)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench loops")
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--timeout-ms", type=int, default=10_000)
    ap.add_argument("--function-timeout-ms", type=int, default=None,
                    help="one limit for all of a function's queries (opt-tv's option): past it, failed to prove")
    ap.add_argument("--unroll", type=int, default=4)
    ap.add_argument("--no-alive", action="store_true")
    ap.add_argument("--unseen", action="store_true", help="the held-back files (tests/data/llvm/LoopVectorize/unseen)")
    args = ap.parse_args(argv)
    unseen = DATA / "unseen"
    files = args.files or sorted(unseen.rglob("*.ll") if args.unseen else (p for p in DATA.rglob("*.ll") if unseen not in p.parents))
    opt = ensure_tool("opt")
    alive = None if args.no_alive else _alive_tv()
    options = CheckOptions(timeout_ms=args.timeout_ms, unroll=args.unroll, loops="prove",
                           function_timeout_ms=args.function_timeout_ms)
    kinds: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    witness_reasons: Counter[str] = Counter()
    alive_kinds: Counter[str] = Counter()
    total = 0.0
    for path in files:
        r = check_file(path, opt, None, options)
        total += r.seconds
        av = _alive_verdicts(alive, path, r.command, 600, args.unroll) if alive and r.command else {}
        print(f"{path.name}: {r.seconds:.1f} s" + (f"  error: {r.error}" if r.error else ""), flush=True)
        for f in r.functions:
            if f.status == "unchanged":
                continue
            k = _kind(f)
            kinds[k] += 1
            if f.status == "unsupported":
                reasons[f.detail] += 1
            a = av.get(f.name, "-")
            if alive:
                alive_kinds[a] += 1
            why = f.coverage.split("not proved for every trip count: ", 1)[1] if "not proved for every" in f.coverage else ""
            if why:
                witness_reasons[why.split(":")[0] + (": " + why.split(":")[1].strip()[:60] if ":" in why else "")] += 1
            print(f"   @{f.name:<32} {f.seconds:7.1f} s  {k}" + (f" ({f.detail})" if f.detail and not k.startswith("proved for every trip count") else "")
                  + (f"  [alive-tv: {a}]" if alive else ""), flush=True)
    n = sum(kinds.values())
    print(f"\n{n} changed functions in {len(files)} files, {total:.0f} s")
    proved = sum(c for k, c in kinds.items() if k.startswith("proved for every trip count"))
    print(f"  {'proved for every trip count, in all':<54} {proved:4d}  {100 * proved / max(n, 1):5.1f}%")
    for k, c in kinds.most_common():
        print(f"  {k:<54} {c:4d}  {100 * c / max(n, 1):5.1f}%")
    if reasons:
        print("unsupported, most frequent first:")
        for why, c in reasons.most_common():
            print(f"  {c:4d}  {why}")
    if witness_reasons:
        print("no witness (bounded check instead), most frequent first:")
        for why, c in witness_reasons.most_common():
            print(f"  {c:4d}  {why}")
    if alive:
        print("alive-tv on the same functions: " + ", ".join(f"{k} {c}" for k, c in alive_kinds.most_common()))
    else:
        print("alive-tv not installed ($ALIVE_TV, ~/.cache/alive2/alive-tv): vecverify only")
    return 0


__all__ = ["main", "time"]
